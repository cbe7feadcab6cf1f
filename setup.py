"""maca's build: pure Python by default (the same wheel runs in the browser); with
MACA_COMPILE=1 the engine's hot modules are compiled with mypyc for CPython."""
import os

from setuptools import setup

COMPILED = ["maca/simulation.py"]

if os.environ.get("MACA_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
