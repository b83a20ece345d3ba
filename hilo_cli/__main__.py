"""``python -m hilo_cli``: the ``hilo`` command, for when the script is not on PATH."""

from hilo_cli.cli import main

if __name__ == "__main__":
    main(prog_name="hilo")
