"""The version of the shape of every ``--format json`` output and report file, apart from the
models of those outputs (``model.outputs``): the commands that write an output need the number,
not the models, which take a cold ``validate`` some 2% of its time to build."""

OUTPUT_FORMAT = 1
"""Version of every ``--format json`` output and report file (see ``model.outputs``: a field is
only ever added within a version; renaming or removing one makes a new version)."""
