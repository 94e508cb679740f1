"""Outside readers of a dotLottie archive: Python's zipfile lists its members in order and reads
its manifest; rlottie opens the archive itself (it takes the first member as the manifest) and
renders frames, against rlottie's frames of the animation member read as a plain document.

Reads a request (JSON) from the file named by argv[1]: {"path": archive, "frames": [int, ...], "probes": [[x, y], ...]}
and prints {"members": [name, ...], "manifest": {...}, "animations": {id: text},
            "archive": [[[b, g, r, a] per probe] per frame], "plain": [... the same from the member]}.
"""
import json
import sys
import zipfile

from rlottie_python import LottieAnimation


def frames(animation, request):
    width, height = animation.lottie_animation_get_size()
    rendered = []
    for frame in request["frames"]:
        buffer = animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        rendered.append([list(buffer[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x, y in request["probes"]])
    return rendered


def main():
    request = json.load(open(sys.argv[1]))
    archive = zipfile.ZipFile(request["path"])
    members = [info.filename for info in archive.infolist()]
    manifest = json.loads(archive.read("manifest.json"))
    animations = {a["id"]: archive.read("a/%s.json" % a["id"]).decode() for a in manifest.get("animations", [])}
    first = next(iter(animations.values()))
    print(json.dumps({
        "members": members, "manifest": manifest, "animations": animations,
        "archive": frames(LottieAnimation.from_file(request["path"]), request),
        "plain": frames(LottieAnimation.from_data(first), request),
    }))


if __name__ == "__main__":
    main()
