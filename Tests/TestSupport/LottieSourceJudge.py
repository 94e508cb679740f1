"""python-lottie's reading of real Lottie files, part by part, as the judge of `catalog add`.

Reads a request (JSON) from the file named by argv[1]:
  {"documents": [{"id": str, "path": the document's file, "times": [frame, ...],
                  "parts": [{"role": str, "layers": [index, ...], "groups": [index, ...]}]}]}
where `layers` walks from the document's layer list into precompositions (a precomposition
layer's index, then an index into its asset's layers, ...) and `groups` from the drawn layer's
`shapes` into nested groups' `it`. Prints, per document id and role:
  {"matrix": [[a, b, c, d, tx, ty] per time], "opacity": [o per time, 0..1, 0 where not shown]}
the part's composed transform — its groups' (innermost first), its layer's, the layer's parents',
then each enclosing precomposition layer's and its parents' — each evaluated in its own time.
"""
import json
import sys

from lottie import objects, NVector
from lottie_reading import SplitPosition
from lottie.objects.bezier import Bezier

_plain_interpolation = objects.properties.PositionKeyframe.interpolated_value


def _along_the_path(self, ratio, next_value=None):
    """A position keyframe as players read it (lottie-web, rlottie, lottie-ios): with spatial
    tangents, the eased progress is the fraction of the curve's length travelled; without (or with
    zero ones), a straight eased move. python-lottie evaluates any keyframe that has tangents as a
    curve at its parameter and leaves the easing out (measured: up to 30 px apart)."""
    end = next_value if self.end is None else self.end
    # A segment curves when either tangent is not zero (python-lottie curves only when both are not).
    curved = self.in_tan is not None and self.out_tan is not None and any(
        c != 0 for c in list(self.in_tan.components) + list(self.out_tan.components))
    if end is None or not self.in_value or not self.out_value:
        return _plain_interpolation(self, ratio, next_value)
    if not curved:
        # Straight, eased (python-lottie takes zero tangents for a curve and drops the easing).
        return self.value if ratio == 0 else end if ratio == 1 else self.value.lerp(end, self.lerp_factor(ratio))
    eased = min(max(self.lerp_factor(ratio), 0.0), 1.0)
    table = getattr(self, "_judge_length_table", None)
    if table is None or table[0] is not end:
        curve = Bezier()
        curve.add_point(self.value, NVector(*([0] * len(self.value.components))), self.out_tan)
        curve.add_point(end, self.in_tan, NVector(*([0] * len(end.components))))
        # All four points: python-lottie's own shortcut drops both handles when the first is zero.
        handles = curve._bezier_points(0, False)
        steps = 2000
        points = [curve._solve_bezier(i / steps, handles) for i in range(steps + 1)]
        lengths = [0.0]
        for a, b in zip(points, points[1:]):
            lengths.append(lengths[-1] + (b - a).length)
        table = (end, points, lengths)
        self._judge_length_table = table
    _, points, lengths = table
    target = eased * lengths[-1]
    low, high = 0, len(lengths) - 1
    while high - low > 1:
        middle = (low + high) // 2
        if lengths[middle] < target:
            low = middle
        else:
            high = middle
    span = lengths[high] - lengths[low]
    f = 0 if span == 0 else (target - lengths[low]) / span
    return points[low].lerp(points[high], min(max(f, 0.0), 1.0))


objects.properties.PositionKeyframe.interpolated_value = _along_the_path


def fix_split(layer, raw):
    position = raw.get("ks", {}).get("p", {})
    if isinstance(position, dict) and position.get("s"):
        layer.transform.position = SplitPosition(position)


def number(value):
    if hasattr(value, "components"):
        return float(value.components[0])
    if isinstance(value, (list, tuple)):
        return float(value[0])
    return float(value)


class Composition:
    def __init__(self, layers, raws):
        self.layers = layers
        self.raws = raws
        for layer, raw in zip(layers, raws):
            fix_split(layer, raw)
        self.by_index = {raw["ind"]: (layer, raw) for layer, raw in zip(layers, raws) if "ind" in raw}

    def parents(self, raw):
        chain = []
        link = raw.get("parent")
        while link is not None and link in self.by_index and len(chain) < 100:
            layer, parent_raw = self.by_index[link]
            chain.append((layer, parent_raw))
            link = parent_raw.get("parent")
        return chain


def part(document, animation, layer_path, group_path, times):
    assets_raw = {a["id"]: a for a in document.get("assets", []) if "id" in a}
    assets = {a.id: a for a in (animation.assets or []) if getattr(a, "id", None)}
    composition = Composition(animation.layers, document["layers"])
    enclosing = []   # (precomp layer, raw, its composition), outermost first
    for depth, index in enumerate(layer_path):
        layer, raw = composition.layers[index], composition.raws[index]
        if depth == len(layer_path) - 1:
            break
        enclosing.append((layer, raw, composition))
        ref = raw["refId"]
        composition = Composition(assets[ref].layers, assets_raw[ref]["layers"])
    groups = []
    shapes, raw_shapes = getattr(layer, "shapes", []), raw.get("shapes", [])
    for index in group_path:
        group, raw_group = shapes[index], raw_shapes[index]
        groups.append(group)
        shapes, raw_shapes = group.shapes, raw_group.get("it", [])

    matrices, opacities = [], []
    for t in times:
        # The time inside each composition: the document's, less each enclosing layer's start.
        inner = t
        for pre, pre_raw, _ in enclosing:
            inner -= pre_raw.get("st", 0)
        local = inner - raw.get("st", 0)
        m = None
        for group in reversed(groups):
            g = group.transform.to_matrix(local)
            m = g if m is None else _mul(m, g)
        lm = layer.transform.to_matrix(local)
        m = lm if m is None else _mul(m, lm)
        for parent, parent_raw in composition.parents(raw):
            m = _mul(m, parent.transform.to_matrix(inner - parent_raw.get("st", 0)))
        opacity = number(layer.transform.opacity.get_value(local)) / 100
        for group in groups:
            opacity *= number(group.transform.opacity.get_value(local)) / 100
        shown = raw.get("ip", -1e300) <= inner < raw.get("op", 1e300)
        # Out through the precompositions, innermost first.
        outer = inner
        for pre, pre_raw, pre_composition in reversed(enclosing):
            outer += pre_raw.get("st", 0)
            own = outer - pre_raw.get("st", 0)
            m = _mul(m, pre.transform.to_matrix(own))
            for parent, parent_raw in pre_composition.parents(pre_raw):
                m = _mul(m, parent.transform.to_matrix(outer - parent_raw.get("st", 0)))
            opacity *= number(pre.transform.opacity.get_value(own)) / 100
            shown = shown and pre_raw.get("ip", -1e300) <= outer < pre_raw.get("op", 1e300)
        matrices.append([m.a, m.b, m.c, m.d, m.tx, m.ty])
        opacities.append(min(max(opacity, 0), 1) if shown else 0.0)
    return {"matrix": matrices, "opacity": opacities}


def _mul(first, then):
    """The matrix that applies `first`, then `then` (python-lottie's `first *= then`)."""
    result = first.clone()
    result *= then
    return result


def _readable(raw):
    """The document with what python-lottie refuses but does not move anything made plain: a
    shape's path direction `d` of 2 (players read 1, 2 and 3; python-lottie only 1 and 3)."""
    def clean(value):
        if isinstance(value, dict):
            return {k: (1 if k == "d" and v == 2 and "ty" in value else clean(v)) for k, v in value.items()}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value
    return clean(raw)


def main():
    request = json.load(open(sys.argv[1]))
    answer = {}
    for document in request["documents"]:
        raw = json.load(open(document["path"]))
        answer[document["id"]] = {}
        try:
            animation = objects.Animation.load(_readable(raw))
        except Exception as error:  # python-lottie cannot read the file at all: say so, once
            answer[document["id"]] = {"$unreadable": f"{type(error).__name__}: {error}"}
            continue
        for entry in document["parts"]:
            try:
                answer[document["id"]][entry["role"]] = part(raw, animation, entry["layers"], entry["groups"], document["times"])
            except Exception as error:  # a part python-lottie cannot read is reported, not hidden
                answer[document["id"]][entry["role"]] = {"error": f"{type(error).__name__}: {error}"}
    json.dump(answer, sys.stdout)


main()
