"""The PyPTO passes we model, one module per upstream pass, in pipeline order."""
