"""ThorVG's frames of a Lottie document, shared by LottieJudge.py and DotLottieJudge.py."""
import json


def render(text, frames, probes, slots=None, keep=()):
    """ThorVG (the renderer of dotlottie-web, LVGL and Godot) at each of `frames` (fractional
    ones too): per frame, each probe's pixel as premultiplied BGRA, as rlottie gives them; with
    `slots` (Lottie slot JSON) applied through ThorVG's slot API first. Returns (pixels, kept,
    width, height), `kept` the straight RGBA bytes of the frames in `keep`; None when ThorVG
    cannot load the document or take the slots."""
    import thorvg_python as tvg
    engine = tvg.Engine(threads=0)
    try:
        animation = tvg.LottieAnimation(engine)
        picture = animation.get_picture()
        if picture.load_data(text.encode(), "lottie", None, True) != tvg.Result.SUCCESS:
            return None
        if slots is not None:
            slot = animation.gen_slot(json.dumps(slots))
            if slot == 0 or animation.apply_slot(slot) != tvg.Result.SUCCESS:
                return None
        lottie = json.loads(text)
        width, height = int(lottie["w"]), int(lottie["h"])
        picture.set_size(width, height)
        canvas = tvg.SwCanvas(engine)
        canvas.set_target(width, height, width, tvg.Colorspace.ABGR8888S)  # straight alpha
        canvas.add(picture)
        rendered, kept = [], []
        for frame in frames:
            animation.set_frame(frame)
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            raw = bytes(canvas.buffer_arr)  # ABGR8888S: R, G, B, A bytes per pixel (what get_pillow reads, without Pillow)
            if frame in keep:
                kept.append(raw)
            row = []
            for x, y in probes:
                r, g, b, a = raw[(y * width + x) * 4:(y * width + x) * 4 + 4]
                row.append([b * a / 255, g * a / 255, r * a / 255, a])  # premultiplied BGRA, as rlottie's
            rendered.append(row)
        canvas.destroy()
        return rendered, kept, width, height
    finally:
        engine.term()
