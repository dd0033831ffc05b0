"""What the rule tests grade and read with, made once for all of them: the shipped decline list
and the default grader (a file that needs another grader makes its own)."""

from grader.rules.declines import load_declines
from grader.rules.verdict import Grader

DECLINES = load_declines()
GRADER = Grader()
