# rule: PTO-F276
# line: 20
# message: pld.tensor.alloc_window_buffer name 'buf' is already declared in this program
# `faulty` breaks the rule once; `twin` is the near miss that must stay silent.
import pypto.language as pl
import pypto.language.distributed as pld

TILE = 64


@pl.program
class Faulty:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def setup(self):
        buf = pld.alloc_window_buffer(TILE)
        return buf

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def faulty(self):
        buf = pld.alloc_window_buffer(TILE)
        return buf


@pl.program
class Twin:
    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def setup(self):
        buf = pld.alloc_window_buffer(TILE)
        return buf

    @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
    def twin(self):
        twin_buf = pld.alloc_window_buffer(TILE)
        return twin_buf
