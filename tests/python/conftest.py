import os
import sys

import matplotlib

matplotlib.use("Agg")  # headless: every figure renders to an Agg canvas

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "python"))
