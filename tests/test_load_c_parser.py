"""The loader parses with ruamel's C parser and falls back to the pure-Python parser
only where it must: the documents, values and file:line:column positions must be the
same either way."""

from pathlib import Path

import pytest

from doria_forge.load import loader

ROOT = Path(__file__).resolve().parents[1]


def _plain(parsed):
    documents, problems = parsed
    return [(d.path, d.index, d.data, dict(d.positions), dict(d.value_positions)) for d in documents], problems


def test_every_shipped_file_reads_through_the_c_parser_as_through_the_pure_one():
    files = sorted((ROOT / "content").rglob("*.yaml"))
    assert files
    for path in files:
        text = path.read_text(encoding="utf-8")
        fast = loader._parse_c(text, path.name, path.name)
        assert fast is not None, path
        assert _plain(fast) == _plain(loader._parse_pure(text, path.name, path.name)), path


SAME = {
    "non-ascii": 'kind: x\nid: "é"\nmap: {a: "ééé", b: 1, c: [1, "ü", 3]}\nname: Über alles 龍\n',
    "crlf": "kind: x\r\nid: y\r\nlist:\r\n  - 1\r\n  - \"two\"\r\n",
    "documents": "a: 1\n---\nb: [1, 2]\n...\n---\nc: {x: 1}\n",
    "anchors": "base: &b {x: 1, y: 2}\nother: *b\nlist: [&i 3, *i]\n",
    "merge": "base: &b {x: 1, y: 2}\nother:\n  <<: *b\n  z: 3\n",
    "scalars": "a: 0o17\nb: 0x1F\nc: 1_000\nd: 1.5e3\ne: .inf\nf: true\ng: yes\nh: ~\ni: 2024-01-02\n"
               "j: 2024-01-02T03:04:05Z\nk: !!str 12\nl: null\nm: 012\nn: '0'\n",
    "empty values": "a:\nb: 1\nc:\n  d:\n  e: 2\nf: [1, 2]\ng:\n",
    "empty items": "a:\n  -\n  - 1\n  - \n",
    "block scalars": "text: |\n  line one\n  line two\nfold: >\n  a\n  b\n",
    "comments": "a: # note\nb: 1  # more\n# end\n",
}


@pytest.mark.parametrize("name", sorted(SAME))
def test_the_c_parser_gives_the_pure_parsers_documents_and_positions(name):
    text = SAME[name]
    fast = loader._parse_c(text, "x.yaml", "x.yaml")
    assert fast is not None
    assert _plain(fast) == _plain(loader._parse_pure(text, "x.yaml", "x.yaml"))


PURE = {
    "tab separator": "a:\t1\nb: 2\n",  # the pure scanner refuses it, libyaml would accept it
    "yaml 1.1 directive": "%YAML 1.1\n---\na: yes\n",  # yes is true in YAML 1.1 only
    "control character": "a: \x07\n",
    "non-character": "a: x\ufffe\n",  # outside the pure reader's printable set
    "syntax error": "a: [1, 2\nb: 3\n",
    "duplicate key": "a: 1\na: 2\n",
    "flow empty key": "a: {b:, c: 1}\n",  # libyaml refuses what ruamel reads
    "empty in flow": "a: {b: , c: 1}\n",  # libyaml marks the empty value one column later
    "empty at the end": "a: 1\nb:",  # no newline after the colon: marked on its line
    "complex key": "? a\n? b\n",
    "recursive alias": "a: &x [*x]\n",  # an alias inside itself: the pure path decides
    "bad value": "a: !!int abc\n",
    "not a mapping": "- 1\n- 2\n",
}


@pytest.mark.parametrize("name", sorted(PURE))
def test_files_the_c_parser_would_read_differently_take_the_pure_path(name):
    text = PURE[name]
    assert loader._parse_c(text, "x.yaml", "x.yaml") is None
    documents, problems = loader.load_text(text, path="x.yaml")
    assert _plain((documents, problems)) == _plain(loader._parse_pure(text, "x.yaml", "x.yaml"))


def test_the_characters_sent_to_the_pure_path_are_exactly_those_the_pure_reader_refuses_and_tab():
    # _NEEDS_PURE spells out the complement of ruamel's printable set (cheaper to compile than
    # ruamel's own negated pattern): every code point must be classed as ruamel classes it.
    from ruamel.yaml.reader import Reader

    differ = [cp for cp in range(0x110000) if chr(cp) != "%"
              and (loader._needs_pure(chr(cp)) != (chr(cp) == "\t" or bool(Reader.NON_PRINTABLE.search(chr(cp)))))]
    assert differ == []
    assert loader._needs_pure("a: 1\n%YAML 1.1\n") and not loader._needs_pure("a: 50%\n")
