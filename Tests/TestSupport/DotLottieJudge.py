"""Outside readers of a dotLottie archive: Python's zipfile lists its members in order and reads
its manifest; rlottie opens the archive itself (it takes the first member as the manifest) and
renders frames, against rlottie's frames of the animation member read as a plain document;
ThorVG (the renderer of dotlottie-web and the dotLottie players) renders the animation with each
theme applied, the theme's rules turned into Lottie slots as dotlottie-rs turns them
(`transform_theme_to_lottie_slots`) and given to ThorVG's slot API.

Reads a request (JSON) from the file named by argv[1]: {"path": archive, "frames": [int, ...], "probes": [[x, y], ...]}
and prints {"members": [name, ...], "manifest": {...}, "animations": {id: text}, "themes": {id: theme},
            "archive": [[[b, g, r, a] per probe] per frame], "plain": [... the same from the member],
            "schema": [error, ...] (the Lottie specification's JSON Schema, lottie-specs),
            "thorvg": {"": frames without a theme, theme id: frames with its slots applied}}.
A batch, {"archives": [request, ...]}, is answered as a list in one process.
With "pictures": {"folder": path, "frames": [int, ...]} it also writes, per theme, ThorVG's
frames side by side as a PNG (THEME.png; default.png without a theme): the README's pictures.
"""
import json
import os
import struct
import sys
import zipfile
import zlib

import jsonschema
import lottie_specs

from rlottie_python import LottieAnimation
from thorvg_frames import render


def frames(animation, request):
    width, height = animation.lottie_animation_get_size()
    rendered = []
    for frame in request["frames"]:
        buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        rendered.append([list(buffer[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x, y in request["probes"]])
    return rendered


def slots_of(theme):
    """A dotLottie theme's rules as Lottie slots, as dotlottie-rs converts them: a keyframe's
    frame, value, tangents and hold become t, s, i/o and h; a colour keeps three components."""
    slots = {}
    for rule in theme["rules"]:
        def value(v):
            if rule["type"] == "Color":
                return list(v)[:3]
            return v if isinstance(v, list) else [v]
        if "keyframes" in rule:
            keyframes = []
            for kf in rule["keyframes"]:
                entry = {"t": kf["frame"], "s": value(kf["value"])}
                if "inTangent" in kf:
                    entry["i"] = kf["inTangent"]
                if "outTangent" in kf:
                    entry["o"] = kf["outTangent"]
                if kf.get("hold"):
                    entry["h"] = 1
                keyframes.append(entry)
            slots[rule["id"]] = {"p": {"a": 1, "k": keyframes}}
        else:
            slots[rule["id"]] = {"p": {"a": 0, "k": value(rule["value"])}}
    return slots


def png(width, height, rgba):
    """A PNG of straight RGBA rows (8 bits a channel), written with zlib alone."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
    rows = b"".join(b"\x00" + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def thorvg(text, theme, frames, probes, strip=None):
    """ThorVG's probe pixels of the document, the theme's slots applied; with `strip`, its frames
    side by side written as a PNG."""
    keep = strip["frames"] if strip is not None else ()
    result = render(text, frames, probes, slots=None if theme is None else slots_of(theme), keep=keep)
    if result is None:
        return None
    rendered, pictures, width, height = result
    if strip is not None:
        # The frames side by side on a mid grey (light and dark cards both show), a white gap between them.
        gap, count, grey = 8, len(pictures), (154, 160, 166)
        total = width * count + gap * (count - 1)
        out = bytearray(b"\xff" * total * height * 4)
        for index, raw in enumerate(pictures):
            for y in range(height):
                for x in range(width):
                    r, g, b, a = raw[(y * width + x) * 4:(y * width + x) * 4 + 4]
                    at = (y * total + index * (width + gap) + x) * 4
                    out[at:at + 4] = bytes([(r * a + grey[0] * (255 - a)) // 255, (g * a + grey[1] * (255 - a)) // 255,
                                           (b * a + grey[2] * (255 - a)) // 255, 255])
        with open(os.path.join(strip["folder"], (strip["name"] or "default") + ".png"), "wb") as f:
            f.write(png(total, height, bytes(out)))
    return rendered


def judge(request, validator):
    archive = zipfile.ZipFile(request["path"])
    members = [info.filename for info in archive.infolist()]
    manifest = json.loads(archive.read("manifest.json"))
    animations = {a["id"]: archive.read("a/%s.json" % a["id"]).decode() for a in manifest.get("animations", [])}
    themes = {t["id"]: json.loads(archive.read("t/%s.json" % t["id"])) for t in manifest.get("themes", [])}
    first = next(iter(animations.values()))
    pictures = request.get("pictures")
    def strip(name):
        return None if pictures is None else {"folder": pictures["folder"], "frames": pictures["frames"], "name": name}
    rendered = {"": thorvg(first, None, request["frames"], request["probes"], strip(""))}
    for name, theme in themes.items():
        rendered[name] = thorvg(first, theme, request["frames"], request["probes"], strip(name))
    return {
        "members": members, "manifest": manifest, "animations": animations, "themes": themes,
        "archive": frames(LottieAnimation.from_file(request["path"]), request),
        "plain": frames(LottieAnimation.from_data(first), request),
        "schema": [f"{list(e.absolute_path)}: {e.message[:300]}" for e in validator.iter_errors(json.loads(first))][:10],
        "thorvg": rendered,
    }


def main():
    request = json.load(open(sys.argv[1]))
    schema = json.load(open(os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")))
    validator = jsonschema.validators.validator_for(schema)(schema)
    # One archive, or a batch ({"archives": [request, ...]}, answered as a list) in one process.
    if "archives" in request:
        print(json.dumps([judge(item, validator) for item in request["archives"]]))
    else:
        print(json.dumps(judge(request, validator)))


if __name__ == "__main__":
    main()
