"""The engine-ready JSON bundle: one file a digital implementation loads.

Shape::

    {"manifest": {"format": "doria-forge-bundle", "format_version": 1,
                  "pack_id": ..., "pack_version": ..., "content_sha256": ...,
                  "counts": {kind: n},
                  "requires": [{"id", "version", "content_sha256"}, ...]},
     "documents": {kind: {id: {...document fields...}}}}

An expansion's bundle holds its own documents (those it adds, replaces or patches) and records
in ``requires`` each pack it was resolved against, with the version and content hash found
(only when there are any); ``content_sha256`` is the hash of the documents in the bundle. An
export asked to include the dependencies (``ContentPack.printing(None)``) holds every document.

Keys are sorted and no timestamp is written, so the same content gives a
byte-identical bundle. ``load_bundle`` turns it back into a ``ContentPack``.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from doria_forge.infra.fsutil import atomic_write_text
from doria_forge.model import KINDS, ContentPack

FORMAT = "doria-forge-bundle"
FORMAT_VERSION = 1


class BundleError(Exception):
    """A bundle file that cannot be read: not JSON, wrong format, version or hash, invalid documents."""


def bundle_data(pack: ContentPack) -> dict:
    """The bundle as plain data (see the module docstring for its shape)."""
    content = pack.own_pack()
    documents = content.to_data()
    info = pack.info
    manifest = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "pack_id": info.id,
        "pack_name": info.name,
        "pack_version": info.version,
        "content_sha256": content.content_hash(),
        "counts": {kind: len(docs) for kind, docs in documents.items()},
    }
    if pack.requires:
        manifest["requires"] = [{"id": r.id, "version": r.version, "content_sha256": r.content_sha256}
                                for r in pack.requires]
    return {"manifest": manifest, "documents": documents}


def dumps_bundle(pack: ContentPack) -> str:
    """Canonical JSON text of the bundle (sorted keys, 1-space indent, trailing newline)."""
    return json.dumps(bundle_data(pack), sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def write_bundle(pack: ContentPack, path: Path) -> Path:
    """Write the bundle atomically to ``path`` (a ``.json`` file). Returns ``path``."""
    return atomic_write_text(Path(path), dumps_bundle(pack))


def load_bundle(path: Path) -> ContentPack:
    """Read a bundle written by ``write_bundle`` back into a ``ContentPack``.

    Every document is validated again with its model and the content hash is
    checked, so a hand-edited or truncated bundle is refused.

    Raises:
        BundleError: unreadable file, wrong format or version, unknown kind,
            invalid document, or a content hash that does not match.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BundleError(f"{path}: cannot read bundle: {exc}") from None
    manifest = data.get("manifest") if isinstance(data, dict) else None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise BundleError(f"{path}: not a {FORMAT} file")
    if manifest.get("format_version") != FORMAT_VERSION:
        raise BundleError(
            f"{path}: bundle format version {manifest.get('format_version')} is not supported "
            f"(this doria-forge reads version {FORMAT_VERSION})"
        )
    docs = []
    for kind, by_id in sorted((data.get("documents") or {}).items()):
        model = KINDS.get(kind)
        if model is None:
            raise BundleError(f"{path}: unknown kind {kind!r}")
        for doc_id, fields in sorted(by_id.items()):
            try:
                docs.append(model.model_validate(fields))
            except ValidationError as exc:
                raise BundleError(f"{path}: {kind} {doc_id!r} is invalid: {exc.errors()[0]['msg']}") from None
    pack = ContentPack.from_documents(docs)
    if pack.content_hash() != manifest.get("content_sha256"):
        raise BundleError(f"{path}: content hash does not match the manifest (edited or damaged bundle)")
    return pack
