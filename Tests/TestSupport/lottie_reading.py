"""How the judges read Lottie with python-lottie, shared by LottieJudge.py and LottieSourceJudge.py:
its easing solver let converge, and split positions evaluated axis by axis."""
from lottie import objects, NVector

# python-lottie's easing solver stops after 4 Newton steps from an 11-entry table (bezier-easing's
# defaults): on steep curves its value is off by up to 2e-4 of the segment (measured). Let it
# converge, so that what is judged is the player's reading of the document, not its rounding.
objects.properties.KeyframeBezier.NEWTON_ITERATIONS = 40
objects.properties.KeyframeBezier.SUBDIVISION_MAX_ITERATIONS = 80
objects.properties.KeyframeBezier.SUBDIVISION_PRECISION = 1e-14


class SplitPosition:
    """python-lottie reads a split position (`"p": {"s": true, "x": …, "y": …}`) as one joined
    value and evaluates it wrongly (measured: it stays at one value while the axes move). Each
    axis is evaluated by python-lottie's own Value, and the two joined."""

    def __init__(self, raw):
        self.x = objects.properties.Value.load(raw["x"])
        self.y = objects.properties.Value.load(raw["y"])

    def get_value(self, time=0):
        return NVector(self.x.get_value(time), self.y.get_value(time))
