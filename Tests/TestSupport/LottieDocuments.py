"""Lottie documents built with python-lottie's own API, for the import tests: seeded random
layers whose anchor (held, or moving with the position's keyframes), position (joined or split), scale, rotation, opacity and fill colour
animate with every kind of easing python-lottie writes (linear, ease in, ease out, sigmoid,
custom béziers, holds), some layers starting late (`st`), a solid-colour layer, and one
document with two layers. Writes `generated-N.json` into the folder named by argv[1].
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
        if r.random() < 0.5:
            for t, ease in anchored:
                transform.position.add_keyframe(t, NVector(r.uniform(-width, 2 * width), r.uniform(-height, 2 * height)), ease)
        else:
            transform.position.value = NVector(r.uniform(0, width), r.uniform(0, height))
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
    if r.random() < 0.7:
        keyframes(r, transform.opacity, frames, lambda r: r.uniform(0, 100))
    if r.random() < 0.3:
        keyframes(r, fill.color, frames, lambda r: Color(r.random(), r.random(), r.random()))
    if r.random() < 0.25:
        shape.start_time = r.randint(1, frames // 3)
    shape.in_point = 0
    shape.out_point = frames
    return shape


def document(seed):
    r = random.Random(seed)
    frames, width, height = r.choice([30, 45, 60]), r.choice([100, 160, 200]), r.choice([80, 100, 120])
    animation = objects.Animation(frames, r.choice([24, 30, 60]))
    animation.width, animation.height = width, height
    count = 2 if seed % 5 == 4 else 1
    for index in range(count):
        animation.add_layer(layer(r, frames, width, height, f"Layer {index + 1}"))
    return animation


def main():
    folder = sys.argv[1]
    for seed in range(int(sys.argv[2]) if len(sys.argv) > 2 else 12):
        with open(os.path.join(folder, f"generated-{seed}.json"), "w") as out:
            export_lottie(document(seed), out)


main()
