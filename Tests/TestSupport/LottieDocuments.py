"""Lottie documents built with python-lottie's own API, for the import tests: seeded random
layers whose anchor (held, moving with the position's keyframes, or on keyframes of its own),
position (joined or split), scale, rotation, skew (and its axis), opacity and fill colour animate
with every kind of easing python-lottie writes (linear, ease in, ease out, sigmoid, custom
béziers, holds); some layers start late (`st`), show for part of the document (`ip`/`op`), or
hang from parents (null layers, one or two deep, or another shape layer) that move on their own
clocks; some documents have two layers. Writes `generated-N.json` into the folder named by argv[1]
(argv[2] documents, from the seed argv[3]; with argv[4] `paths`, some positions curve).
"""
import json
import os
import random
import sys

from lottie import objects, NVector, Color
from lottie.objects import easing
from lottie.exporters.core import export_lottie

EASINGS = [
    lambda r: easing.Linear(),
    lambda r: easing.EaseIn(r.uniform(0.2, 0.9)),
    lambda r: easing.EaseOut(r.uniform(0.2, 0.9)),
    lambda r: easing.Sigmoid(r.uniform(0.2, 0.9)),
    lambda r: easing.Bezier(NVector(r.uniform(0, 1), r.uniform(-0.5, 1.5)), NVector(r.uniform(0, 1), r.uniform(-0.5, 1.5))),
    lambda r: easing.Jump(),
]


def keyframes(r, prop, frames, value):
    times = sorted(r.sample(range(0, frames + 1), r.randint(2, 4)))
    for t in times:
        prop.add_keyframe(t, value(r), r.choice(EASINGS)(r))


def layer(r, frames, width, height, name):
    shape = objects.ShapeLayer()
    shape.name = name
    group = shape.add_shape(objects.Group())
    rect = group.add_shape(objects.Rect())
    rect.size.value = NVector(width, height)
    rect.position.value = NVector(width / 2, height / 2)
    fill = group.add_shape(objects.Fill(Color(r.random(), r.random(), r.random())))
    transform = shape.transform
    transform.anchor_point.value = NVector(r.uniform(0, width), r.uniform(0, height))
    # Sometimes the anchor moves too: the position then holds, or moves on the same keyframes.
    anchored = None
    if r.random() < 0.3:
        times = sorted(r.sample(range(0, frames + 1), r.randint(2, 3)))
        anchored = [(t, r.choice(EASINGS)(r)) for t in times]
        for t, ease in anchored:
            transform.anchor_point.add_keyframe(t, NVector(r.uniform(0, width), r.uniform(0, height)), ease)
        kind = r.random()
        if kind < 0.35:
            for t, ease in anchored:
                transform.position.add_keyframe(t, NVector(r.uniform(-width, 2 * width), r.uniform(-height, 2 * height)), ease)
        elif kind < 0.7:
            transform.position.value = NVector(r.uniform(0, width), r.uniform(0, height))
        else:
            # Keyframes of its own: no longer a difference one keyframe animation says.
            keyframes(r, transform.position, frames, lambda r: NVector(r.uniform(-width, 2 * width), r.uniform(-height, 2 * height)))
    elif r.random() < 0.3:
        # A split position: x and y with keyframes of their own.
        transform.position = objects.properties.SplitVector()
        transform.position.x.value = r.uniform(0, width)
        transform.position.y.value = r.uniform(0, height)
        keyframes(r, transform.position.x, frames, lambda r: r.uniform(-width, 2 * width))
        if r.random() < 0.5:
            keyframes(r, transform.position.y, frames, lambda r: r.uniform(-height, 2 * height))
    elif r.random() < 0.8:
        keyframes(r, transform.position, frames, lambda r: NVector(r.uniform(-width, 2 * width), r.uniform(-height, 2 * height)))
    else:
        transform.position.value = NVector(width / 2, height / 2)
    if r.random() < 0.7:
        keyframes(r, transform.scale, frames, lambda r: NVector(r.uniform(20, 180), r.uniform(20, 180)))
    if r.random() < 0.6:
        keyframes(r, transform.rotation, frames, lambda r: r.uniform(-360, 360))
    if r.random() < 0.25:
        keyframes(r, transform.skew, frames, lambda r: r.uniform(-60, 60))
        if r.random() < 0.5:
            keyframes(r, transform.skew_axis, frames, lambda r: r.uniform(-180, 180))
        else:
            transform.skew_axis.value = r.uniform(-90, 90)
    if r.random() < 0.7:
        keyframes(r, transform.opacity, frames, lambda r: r.uniform(0, 100))
    if r.random() < 0.3:
        keyframes(r, fill.color, frames, lambda r: Color(r.random(), r.random(), r.random()))
    if r.random() < 0.25:
        shape.start_time = r.randint(1, frames // 3)
    shape.in_point = 0
    shape.out_point = frames
    if r.random() < 0.25:
        shape.in_point = r.randint(1, frames // 3)
        shape.out_point = frames - r.randint(0, frames // 3)
    return shape


def parent(r, frames, width, height, name):
    """A null layer that moves, turns, scales (and sometimes skews) its children."""
    null = objects.NullLayer()
    null.name = name
    transform = null.transform
    transform.anchor_point.value = NVector(r.uniform(0, width), r.uniform(0, height))
    if r.random() < 0.3:
        keyframes(r, transform.anchor_point, frames, lambda r: NVector(r.uniform(0, width), r.uniform(0, height)))
    keyframes(r, transform.position, frames, lambda r: NVector(r.uniform(0, width), r.uniform(0, height)))
    if r.random() < 0.7:
        keyframes(r, transform.rotation, frames, lambda r: r.uniform(-180, 180))
    if r.random() < 0.6:
        keyframes(r, transform.scale, frames, lambda r: NVector(r.uniform(40, 160), r.uniform(40, 160)))
    if r.random() < 0.2:
        keyframes(r, transform.skew, frames, lambda r: r.uniform(-40, 40))
        transform.skew_axis.value = r.uniform(-90, 90)
    if r.random() < 0.3:
        null.start_time = r.randint(1, frames // 3)
    null.in_point = 0
    null.out_point = frames
    return null


def document(seed):
    r = random.Random(seed)
    frames, width, height = r.choice([30, 45, 60]), r.choice([100, 160, 200]), r.choice([80, 100, 120])
    animation = objects.Animation(frames, r.choice([24, 30, 60]))
    animation.width, animation.height = width, height
    count = 2 if seed % 5 == 4 else 1
    shapes = [animation.add_layer(layer(r, frames, width, height, f"Layer {index + 1}")) for index in range(count)]
    # Parenting: a null (sometimes hanging from another null) or, with two layers, the other layer.
    for index, shape in enumerate(shapes):
        choice = r.random()
        if choice < 0.35:
            null = animation.add_layer(parent(r, frames, width, height, f"Controller {index + 1}"))
            shape.parent_index = null.index
            if r.random() < 0.4:
                grand = animation.add_layer(parent(r, frames, width, height, f"Rig {index + 1}"))
                null.parent_index = grand.index
        elif choice < 0.5 and index == 1:
            shape.parent_index = shapes[0].index
    return animation


def curve_paths(path, seed):
    """Gives some joined positions spatial tangents (a motion path), as After Effects writes them:
    `to` and `ti` on each keyframe that starts a segment. python-lottie's API has no such thing,
    and python-lottie reads such a path otherwise than players do, so these documents are for
    the tests that judge what the import makes, not the original."""
    r = random.Random(seed * 7919)
    with open(path) as file:
        document = json.load(file)
    for layer in document["layers"]:
        position = layer.get("ks", {}).get("p", {})
        keyframes = position.get("k") if isinstance(position, dict) and not position.get("s") else None
        if not isinstance(keyframes, list) or len(keyframes) < 2 or not isinstance(keyframes[0], dict) or r.random() < 0.4:
            continue
        for keyframe in keyframes[:-1]:
            if keyframe.get("h"):
                continue
            keyframe["to"] = [r.uniform(-60, 60), r.uniform(-60, 60), 0]
            keyframe["ti"] = [r.uniform(-60, 60), r.uniform(-60, 60), 0]
    with open(path, "w") as file:
        json.dump(document, file)


def main():
    folder = sys.argv[1]
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    paths = len(sys.argv) > 4 and sys.argv[4] == "paths"
    for seed in range(first, first + (int(sys.argv[2]) if len(sys.argv) > 2 else 12)):
        path = os.path.join(folder, f"generated-{seed}.json")
        with open(path, "w") as out:
            export_lottie(document(seed), out)
        if paths:
            curve_paths(path, seed)


main()
