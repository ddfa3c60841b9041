# rule: PTO-F180
# line: 9
# message: Class 'Faulty' contains no @pl.function decorated methods
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl


@pl.program
class Faulty:
    def faulty(self):
        pass


@pl.program
class Twin:
    @pl.function
    def twin(self, x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
        return x
