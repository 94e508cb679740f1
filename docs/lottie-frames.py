"""Renders frames of a Lottie document with rlottie into one PNG strip (docs/spring-pop-lottie.png).

    catalog export spring-pop --to lottie -o spring-pop.json
    .venv/bin/python docs/lottie-frames.py spring-pop.json docs/spring-pop-lottie.png 0 6 12 18 24 30

Needs rlottie-python (PyPI); writes the PNG itself (no imaging library).
"""
import json
import struct
import sys
import zlib

from rlottie_python import LottieAnimation


def png(path, width, height, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        out.write(chunk(b"IDAT", zlib.compress(raw, 9)))
        out.write(chunk(b"IEND", b""))


def main():
    source, target, frames = sys.argv[1], sys.argv[2], [int(f) for f in sys.argv[3:]]
    text = open(source).read()
    document = json.loads(text)
    width, height, gap = int(document["w"]), int(document["h"]), 8
    animation = LottieAnimation.from_data(text)
    strip_width = len(frames) * width + (len(frames) - 1) * gap
    rows = [[255, 255, 255, 255] * strip_width for _ in range(height)]
    for index, frame in enumerate(frames):
        buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        for y in range(height):
            for x in range(width):
                b, g, r, a = buffer[(y * width + x) * 4:(y * width + x) * 4 + 4]
                # Premultiplied over white.
                offset = (index * (width + gap) + x) * 4
                rows[y][offset:offset + 4] = [r + 255 - a, g + 255 - a, b + 255 - a, 255]
    png(target, strip_width, height, rows)


main()
