"""``engine.by_document.ByDocument``: answers remembered by the documents they were worked out from."""

from doria_forge.engine.by_document import ByDocument


class Doc:
    def __init__(self, name: str) -> None:
        self.name = name


def test_an_answer_is_worked_out_once_per_document_and_never_for_another_under_its_id():
    memo: ByDocument[str] = ByDocument(8)
    calls = []

    def make(doc: Doc) -> str:
        calls.append(doc.name)
        return doc.name.upper()

    a, b = Doc("a"), Doc("b")
    assert (memo.of(a, make), memo.of(a, make), memo.of(b, make)) == ("A", "A", "B")
    assert calls == ["a", "b"]
    memo[id(a)] = (b, "B")  # as if a freed document had had a's id
    assert memo.of(a, make) == "A" and calls == ["a", "b", "a"]


def test_answers_of_several_documents_need_the_same_documents_in_the_same_order():
    memo: ByDocument[tuple[str, ...]] = ByDocument(8)
    a, b, c = Doc("a"), Doc("b"), Doc("c")
    assert memo.of_all((a, b), lambda: ("a", "b")) == ("a", "b")
    assert memo.of_all((a, b), lambda: ("other",)) == ("a", "b")  # remembered
    assert memo.of_all((b, a), lambda: ("b", "a")) == ("b", "a")
    memo[(id(a), id(c))] = ((a, b), ("stale",))  # as if a freed document had had c's id
    assert memo.of_all((a, c), lambda: ("a", "c")) == ("a", "c")


def test_every_answer_is_forgotten_at_the_cap():
    memo: ByDocument[int] = ByDocument(2)
    docs = [Doc(str(n)) for n in range(3)]
    for n, doc in enumerate(docs):
        memo.of(doc, lambda d, n=n: n)
    assert len(memo) == 1 and memo.of(docs[2], lambda d: -1) == 2
