"""The outside judges of a Lottie export, in one process for a batch of documents.

Reads a request (JSON) from the file named by argv[1]:
  {"documents": [{"id": str, "path": the document's file, "times": [frame, ...], "frames": [int, ...],
                  "thorvgFrames": [frame, ...] (fractional; ThorVG's, "frames" when absent),
                  "probes": [[x, y], ...]}]}
and prints, per document id:
  {"schema": [error, ...]                       -- the Lottie specification's JSON Schema (lottie-specs)
   "values": {layer: {channel: [value per time]}} -- python-lottie's evaluation at each time (frames),
                                                     and "matrix": its composed transform [a, b, c, d, tx, ty]
   "pixels": [[[b, g, r, a] per probe] per frame]} -- rlottie's rendering, premultiplied BGRA
   "thorvg": [[[b, g, r, a] per probe] per frame]} -- ThorVG's (the renderer of dotlottie-web, LVGL and
                                                     Godot) at "thorvgFrames", in the same form
"""
import json
import sys

import jsonschema
import lottie_specs
from lottie import objects
from lottie_reading import SplitPosition
from thorvg_frames import render
from rlottie_python import LottieAnimation
import os

SCHEMA = json.load(open(os.path.join(os.path.dirname(lottie_specs.__file__), "data", "lottie.schema.json")))
VALIDATOR = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)


def number_list(value):
    if hasattr(value, "components"):
        return [float(c) for c in value.components]
    if isinstance(value, (list, tuple)):
        return [float(c) for c in value]
    return [float(value)]


def values(document, times):
    animation = objects.Animation.load(document)
    by_index = {raw["ind"]: layer for layer, raw in zip(animation.layers, document["layers"]) if "ind" in raw}
    raw_by_index = {raw["ind"]: raw for raw in document["layers"] if "ind" in raw}
    result = {}
    for layer, raw in zip(animation.layers, document["layers"]):
        if not getattr(layer, "shapes", None):
            continue   # a null layer: it shows nothing, and moves its children
        transform = layer.transform
        position = raw.get("ks", {}).get("p", {})
        if isinstance(position, dict) and position.get("s"):
            transform.position = SplitPosition(position)
        group = layer.shapes[0]
        fill = [shape for shape in group.shapes if type(shape).__name__ == "Fill"][0]
        shape = [item for item in group.shapes if type(item).__name__ == "TransformShape"][0]
        rectangle = [item for item in group.shapes if type(item).__name__ == "Rect"][0]
        channels = {
            "a": transform.anchor_point, "p": transform.position, "s": transform.scale, "r": transform.rotation,
            "shape.r": shape.rotation, "o": transform.opacity, "fill.c": fill.color, "fill.o": fill.opacity,
            "box.r": rectangle.rounded,
        }
        # A player evaluates a layer's properties in the layer's own time: the document's, less its start time.
        start = layer.start_time or 0
        times_here = [t - start for t in times]
        result[layer.name] = {key: [number_list(prop.get_value(t)) for t in times_here] for key, prop in channels.items()}
        # The layer's parents, nearest first, each evaluated in its own time (python-lottie
        # composes no parents itself).
        parents = []
        link = raw.get("parent")
        while link is not None:
            parent = by_index[link]
            split = raw_by_index[link].get("ks", {}).get("p", {})
            if isinstance(split, dict) and split.get("s"):
                parent.transform.position = SplitPosition(split)
            parents.append(parent)
            link = raw_by_index[link].get("parent")

        # The rectangle's whole transform as python-lottie composes it — the shape group's, then
        # the layer's, then its parents': [a, b, c, d, tx, ty].
        def composed(t):
            m = shape.to_matrix(t - start)
            m *= transform.to_matrix(t - start)
            for parent in parents:
                m *= parent.transform.to_matrix(t - (parent.start_time or 0))
            return [m.a, m.b, m.c, m.d, m.tx, m.ty]
        result[layer.name]["matrix"] = [composed(t) for t in times]
        # Shown from its in point up to its out point.
        result[layer.name]["shown"] = [[1.0 if raw.get("ip", -1e300) <= t < raw.get("op", 1e300) else 0.0] for t in times]
    return result


def pixels(text, frames, probes, width, height):
    animation = LottieAnimation.from_data(text)
    rendered = []
    for frame in frames:
        buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        rendered.append([list(buffer[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x, y in probes])
    return rendered


def thorvg_pixels(text, frames, probes):
    rendered = render(text, frames, probes)
    return None if rendered is None else rendered[0]


def main():
    request = json.load(open(sys.argv[1]))
    answer = {}
    for document in request["documents"]:
        text = open(document["path"]).read()
        lottie = json.loads(text)
        answer[document["id"]] = {
            "schema": [f"{list(e.absolute_path)}: {e.message[:300]}" for e in VALIDATOR.iter_errors(lottie)][:10],
            "values": values(lottie, document["times"]),
            "pixels": pixels(text, document["frames"], document["probes"], int(lottie["w"]), int(lottie["h"])),
            "thorvg": thorvg_pixels(text, document.get("thorvgFrames", document["frames"]), document["probes"]),
        }
    json.dump(answer, sys.stdout)


main()
