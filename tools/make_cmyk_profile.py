"""Build the CMYK output profile doria-forge separates print files with
(``doria_forge/icc/doria-coated-gcr-240.icc``).

No package on PyPI ships a CMYK ICC profile (Pillow's ImageCms creates only sRGB, Lab and XYZ
profiles), and the press profiles shops name (SWOP, GRACoL, FOGRA39) may not be redistributed.
So this script characterises a coated offset press from published figures and writes an ICC v2
output profile (device class ``prtr``, CMYK, PCS Lab) that LittleCMS (Pillow's ImageCms) applies:

- **Forward model** (``A2B0``, CMYK -> Lab): the solid inks and paper of ISO 12647-2 paper type 1
  (coated; CIELAB D50: paper 95/0/-2, cyan 55/-37/-50, magenta 48/74/-3, yellow 89/-5/93, black
  16/0/0), overprints by multiplying the inks' reflectance factors, halftones by the
  Yule-Nielsen modified Neugebauer model (n = 2, Demichel weights), media-relative (paper = L* 100).
- **Separation** (``B2A0``, Lab -> CMYK): for every grid point the CMY that match it (bounded
  Gauss-Newton on the forward model), then grey component replacement: black takes over the grey
  component (the smallest of C, M, Y) from 10 % on, rising to all of it in the shadows, and C, M, Y
  are matched again around that black; total ink is limited to ``--ink-limit`` (default 240 %,
  DriveThruCards) by lowering C, M and Y. Black text and pure black art thus print with black ink,
  and no colour needs more than the limit.

The result is deterministic (fixed date, no profile id). Needs numpy (the ``plots``/``test``
extras bring it); doria-forge itself only reads the file::

    python tools/make_cmyk_profile.py [--ink-limit 240] [--out doria_forge/icc/doria-coated-gcr-240.icc]
"""

from __future__ import annotations

import argparse
import struct
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
D50 = np.array([0.9642, 1.0, 0.8249])
PAPER = (95.0, 0.0, -2.0)
INKS = {"c": (55.0, -37.0, -50.0), "m": (48.0, 74.0, -3.0), "y": (89.0, -5.0, 93.0), "k": (16.0, 0.0, 0.0)}
YULE_NIELSEN = 2.0
GCR_START = 0.10
"""Grey component below this is left to C, M and Y (light greys stay smooth)."""


def lab_to_xyz(lab: np.ndarray) -> np.ndarray:
    L, a, b = lab[..., 0], lab[..., 1], lab[..., 2]
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t):
        return np.where(t > 6 / 29, t ** 3, 3 * (6 / 29) ** 2 * (t - 4 / 29))

    return np.stack([inv(fx), inv(fy), inv(fz)], axis=-1) * D50


def xyz_to_lab(xyz: np.ndarray) -> np.ndarray:
    t = xyz / D50
    f = np.where(t > (6 / 29) ** 3, np.cbrt(np.maximum(t, 0)), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


PAPER_XYZ = lab_to_xyz(np.array(PAPER))
_FACTORS = {ink: lab_to_xyz(np.array(lab)) / PAPER_XYZ for ink, lab in INKS.items()}
# The 16 Neugebauer primaries: every overprint of the four inks, as reflectance relative to paper.
_PRIMARIES = []
for mask in range(16):
    factor = np.ones(3)
    for bit, ink in enumerate("cmyk"):
        if mask >> bit & 1:
            factor = factor * _FACTORS[ink]
    _PRIMARIES.append((mask, factor ** (1 / YULE_NIELSEN)))


def forward(cmyk: np.ndarray) -> np.ndarray:
    """Media-relative Lab (paper = 100/0/0) of ink amounts ``cmyk`` (..., 4), each 0-1."""
    total = np.zeros(cmyk.shape[:-1] + (3,))
    for mask, root in _PRIMARIES:
        weight = np.ones(cmyk.shape[:-1])
        for bit in range(4):
            a = cmyk[..., bit]
            weight = weight * (a if mask >> bit & 1 else 1 - a)
        total = total + weight[..., None] * root
    return xyz_to_lab(total ** YULE_NIELSEN * D50)


def _match_cmy(target: np.ndarray, k: np.ndarray, start: np.ndarray, iterations: int = 40) -> np.ndarray:
    """C, M, Y (bounded 0-1) whose forward Lab with black ``k`` is closest to ``target``."""
    cmy = start.copy()
    eps = 1e-4
    for _ in range(iterations):
        here = forward(np.concatenate([cmy, k[..., None]], axis=-1))
        residual = here - target
        jac = np.empty(target.shape[:-1] + (3, 3))
        for j in range(3):
            step = cmy.copy()
            step[..., j] += eps
            jac[..., :, j] = (forward(np.concatenate([step, k[..., None]], axis=-1)) - here) / eps
        # Levenberg-Marquardt step, solved per grid point
        jt = np.swapaxes(jac, -1, -2)
        normal = jt @ jac + 1e-3 * np.eye(3)
        delta = np.linalg.solve(normal, (jt @ residual[..., None]))[..., 0]
        cmy = np.clip(cmy - delta, 0.0, 1.0)
    return cmy


def separate(lab: np.ndarray, ink_limit: float) -> np.ndarray:
    """CMYK (..., 4), 0-1, for media-relative ``lab``: match, replace the grey component with
    black, match again, then lower C, M, Y to the ink limit (0-4, 2.4 = 240 %)."""
    zero = np.zeros(lab.shape[:-1])
    cmy = _match_cmy(lab, zero, np.full(lab.shape[:-1] + (3,), 0.3))
    grey = cmy.min(axis=-1)
    # Black replaces the grey component from GCR_START on, all of it at full grey.
    k = np.clip((grey - GCR_START) / (1 - GCR_START), 0, 1) ** 0.9
    cmy = _match_cmy(lab, k, np.clip(cmy - k[..., None] * 0.8, 0, 1))
    # The darkest colours ask for more black first, then less C, M and Y.
    over = cmy.sum(axis=-1) + k - ink_limit
    k = np.where(over > 0, np.minimum(1.0, k + over), k)
    cmy = np.where((over > 0)[..., None], _match_cmy(lab, k, cmy), cmy)
    room = np.maximum(ink_limit - k, 0)
    total = cmy.sum(axis=-1)
    scale = np.where(total > room, room / np.maximum(total, 1e-9), 1.0)
    return np.concatenate([cmy * scale[..., None], k[..., None]], axis=-1)


# ------------------------------------------------------------------------------ ICC writing
def _s15(value: float) -> bytes:
    return struct.pack(">i", int(round(value * 65536)))


def _pad(data: bytes) -> bytes:
    return data + b"\0" * (-len(data) % 4)


def _desc(text: str) -> bytes:
    ascii_ = text.encode("ascii") + b"\0"
    return (b"desc" + b"\0" * 4 + struct.pack(">I", len(ascii_)) + ascii_ + struct.pack(">II", 0, 0)
            + struct.pack(">HB", 0, 0) + b"\0" * 67)


def _text(text: str) -> bytes:
    return b"text" + b"\0" * 4 + text.encode("ascii") + b"\0"


def _xyz(xyz: np.ndarray) -> bytes:
    return b"XYZ " + b"\0" * 4 + b"".join(_s15(v) for v in xyz)


def _lut16(inputs: int, outputs: int, grid: int, table: np.ndarray) -> bytes:
    """An ICC v2 lut16Type: identity matrix and curves, the CLUT ``table`` (grid^inputs, outputs)
    of values 0-65535 with the first input varying slowest."""
    head = b"mft2" + b"\0" * 4 + struct.pack(">BBBB", inputs, outputs, grid, 0)
    matrix = b"".join(_s15(1.0 if i == j else 0.0) for i in range(3) for j in range(3))
    curves_in = struct.pack(">HH", 2, 2)
    identity = struct.pack(">HH", 0, 65535)
    clut = np.clip(np.round(table), 0, 65535).astype(">u2").tobytes()
    return head + matrix + curves_in + identity * inputs + clut + identity * outputs


def build(ink_limit_percent: int = 240, a2b_grid: int = 9, b2a_grid: int = 33) -> bytes:
    """The profile's bytes (see the module docstring)."""
    limit = ink_limit_percent / 100
    # A2B0: CMYK grid -> Lab, v2 16-bit Lab encoding (L 0-100 -> 0-0xFF00, a/b -128.. -> 0..0xFFFF)
    axis = np.linspace(0, 1, a2b_grid)
    cmyk = np.stack(np.meshgrid(axis, axis, axis, axis, indexing="ij"), axis=-1).reshape(-1, 4)
    lab = forward(cmyk)
    a2b = np.stack([lab[:, 0] * 65280 / 100, (lab[:, 1] + 128) * 256, (lab[:, 2] + 128) * 256], axis=-1)
    # B2A0: Lab grid -> CMYK
    enc = np.linspace(0, 65535, b2a_grid)
    grid = np.stack(np.meshgrid(enc * 100 / 65280, enc / 256 - 128, enc / 256 - 128, indexing="ij"), axis=-1)
    b2a = separate(grid.reshape(-1, 3), limit) * 65535
    tags = [
        (b"desc", _desc(f"doria-forge coated offset, GCR, total ink {ink_limit_percent}%")),
        (b"cprt", _text("No copyright, use freely (generated by doria-forge tools/make_cmyk_profile.py)")),
        (b"wtpt", _xyz(PAPER_XYZ)),
        (b"A2B0", _lut16(4, 3, a2b_grid, a2b)),
        (b"B2A0", _lut16(3, 4, b2a_grid, b2a)),
    ]
    offset = 128 + 4 + 12 * len(tags)
    table, body = struct.pack(">I", len(tags)), b""
    for sig, data in tags:
        table += sig + struct.pack(">II", offset + len(body), len(data))
        body += _pad(data)
    size = offset + len(body)
    header = (struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x02100000) + b"prtrCMYKLab "
              + struct.pack(">6H", 2024, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0)
              + b"\0" * 8 + b"\0" * 8 + struct.pack(">I", 0) + b"".join(_s15(v) for v in D50) + b"\0" * 4
              + b"\0" * 16 + b"\0" * 28)
    assert len(header) == 128
    return header + table + body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ink-limit", type=int, default=240, help="total ink in percent (default 240)")
    parser.add_argument("--out", type=Path, default=ROOT / "doria_forge" / "icc" / "doria-coated-gcr-240.icc")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(build(args.ink_limit))
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
