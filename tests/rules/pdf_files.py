"""Small PDFs written by hand for the tests: text in Helvetica (a standard font, nothing
embedded) at given places and colours, images, link annotations; encrypted copies by pypdf.

Coordinates are PDF points from the bottom-left corner of a US-letter page (612 × 792).
"""

from __future__ import annotations

import io
import zlib
from dataclasses import dataclass

BLACK = (0.0, 0.0, 0.0)


@dataclass
class Text:
    x: float
    y: float
    text: str
    size: float = 12
    colour: tuple = BLACK


@dataclass
class Image:
    x: float
    y: float
    width: float
    height: float


@dataclass
class Link:
    x0: float
    y0: float
    x1: float
    y1: float
    uri: str = "https://example.org/"


def escape(text: str) -> bytes:
    data = text.encode("cp1252")
    return data.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


def pdf_bytes(pages: list[list[Text | Image | Link]]) -> bytes:
    """A PDF with one page per item of ``pages``, each drawing its texts and images."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in below
    pages_ref = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    pixels = zlib.compress(b"\x80" * 16)
    image = add(
        b"<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceGray /BitsPerComponent 8 "
        b"/Filter /FlateDecode /Length %d >>\nstream\n" % len(pixels) + pixels + b"\nendstream"
    )
    kids = []
    for items in pages:
        stream = b""
        annots = []
        for item in items:
            if isinstance(item, Text):
                r, g, b = item.colour
                stream += b"BT /F1 %g Tf %g %g %g rg %g %g Td (%s) Tj ET\n" % (
                    item.size,
                    r,
                    g,
                    b,
                    item.x,
                    item.y,
                    escape(item.text),
                )
            elif isinstance(item, Image):
                stream += b"q %g 0 0 %g %g %g cm /Im1 Do Q\n" % (item.width, item.height, item.x, item.y)
            else:
                annots.append(
                    add(
                        b"<< /Type /Annot /Subtype /Link /Rect [%g %g %g %g] /Border [0 0 0] "
                        b"/A << /S /URI /URI (%s) >> >>" % (item.x0, item.y0, item.x1, item.y1, escape(item.uri))
                    )
                )
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"endstream")
        annot_list = b" /Annots [%s]" % b" ".join(b"%d 0 R" % ref for ref in annots) if annots else b""
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                b"/Resources << /Font << /F1 %d 0 R >> /XObject << /Im1 %d 0 R >> >>%s >>"
                % (pages_ref, content, font, image, annot_list)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_ref
    objects[pages_ref - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % kid for kid in kids),
        len(kids),
    )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref))
    return out.getvalue()


def encrypted(data: bytes, *, user_password: str, owner_password: str = "owner") -> bytes:
    """``data`` encrypted by pypdf (RC4, 128 bits); an empty user password opens without asking."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=user_password, owner_password=owner_password, algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
