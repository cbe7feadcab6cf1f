#!/bin/sh
# maca's two entry points (see README.md):
#   sh run.sh        install everything, build the whole site (book + live lessons), serve it
#   sh run.sh test   install everything, build the site, then run the whole test suite
#                    (with no network but loopback where the machine allows it)
set -eu
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
    "$PY" -m venv .venv
fi
if [ ! -f .venv/.installed ] || [ requirements.txt -nt .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
    .venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
    .venv/bin/pip install --quiet --disable-pip-version-check -e .
    touch .venv/.installed
fi
case "${1:-main}" in
    test)
        shift
        # The live site's build downloads its runtime (npm, PyPI) once; after that the tests
        # need nothing but this machine, which the network namespace proves.
        .venv/bin/python -m maca site --no-serve
        # The whole suite runs on the pure-Python package (what the browser runs), then the
        # tests that drive what setup.py compiles with mypyc (maca.legality, maca.simulation:
        # the rules, the playouts and what is played on them) run again on the compiled copy.
        rm -rf build
        MACA_COMPILE=1 .venv/bin/pip install --quiet --disable-pip-version-check \
            --no-build-isolation --no-deps --target build/compiled .
        export MACA_ENGINE_TESTS="tests/test_rules.py tests/test_play_rules.py
            tests/test_properties.py tests/test_fuzz.py tests/test_simulation.py
            tests/test_against_openspiel.py tests/test_notation.py tests/test_game.py
            tests/test_scoring.py tests/test_cards.py tests/test_bots.py tests/test_solver.py
            tests/test_puzzles.py tests/test_judgement.py tests/test_table.py
            tests/test_multiplayer.py tests/test_leaving.py"
        suite='.venv/bin/python -m pytest -n 2 --durations=30 "$@" && { [ $# -gt 0 ] || set -- $MACA_ENGINE_TESTS; } &&
               MACA_BUILD=compiled PYTHONPATH=build/compiled .venv/bin/pytest -n 2 -m "not site" "$@"'
        if unshare -n true 2>/dev/null && command -v ip >/dev/null; then
            exec unshare -n bash -c "ip link set lo up && $suite" run.sh "$@"
        fi
        exec bash -c "$suite" run.sh "$@"
        ;;
    main)
        exec .venv/bin/python -m maca site
        ;;
    *)
        echo "usage: sh run.sh [test]" >&2
        exit 2
        ;;
esac
