"""``doria-forge`` and ``python -m doria_forge``: the command line (:mod:`doria_forge.commands.cli`),
started with the cyclic collector paused while it loads (:mod:`doria_forge.infra.startup`)."""

from doria_forge.infra import startup


def main() -> None:
    """Console-script entry point."""
    startup.pause()
    from doria_forge.commands import cli

    cli.main()


if __name__ == "__main__":  # pragma: no cover
    main()
