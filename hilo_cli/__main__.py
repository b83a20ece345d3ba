"""``python -m hilo_cli``: the ``hilo`` command, for when the script is not on PATH."""

from hilo_cli.cli import run

if __name__ == "__main__":
    run(prog_name="hilo")
