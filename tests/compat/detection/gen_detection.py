#!/usr/bin/python3
"""Writes the torchvision-detection differential suite (run with /usr/bin/python3, which has
PyTorch 1.13 and torchvision 0.14):

  OUT/<case>.pt           a detection model scripted and saved by PyTorch (torch.jit.save)
  OUT/<case>.src.py       or: TorchScript source calling torch.ops.torchvision.* (compiled as
                          torch.jit.CompilationUnit compiles a string; the function is `fn`)
  OUT/<case>.inputs.pt    torch.save of the tuple of positional arguments
  OUT/<case>.expected.pt  torch.save of what PyTorch returned (the reloaded archive, or the
                          compiled source)
  OUT/detection.json      {"family": "detection", "cases": [{"name", "kind": "archive" | "source",
                          "rtol", "atol"}]} (read by tests/compat/fixture_main.h)

Models have random weights (fixed seed, weights=None, weights_backbone=None: no download), small
num_classes and small inputs, in eval mode, with score thresholds low enough that nms and
roi_align see many boxes. Cached: OUT/stamp holds a hash of this file and the torch version.

Usage: gen_detection.py OUT
"""
import hashlib
import json
import os
import sys
import warnings

import torch
import torchvision
from torchvision.models import resnet18
from torchvision.models.detection import (FCOS, KeypointRCNN, MaskRCNN, RetinaNet,
                                          fasterrcnn_mobilenet_v3_large_320_fpn, ssdlite320_mobilenet_v3_large)
from torchvision.models.detection.anchor_utils import AnchorGenerator
from torchvision.models.detection.backbone_utils import _resnet_fpn_extractor, mobilenet_backbone
from torchvision.models.detection.faster_rcnn import FastRCNNPredictor, TwoMLPHead
from torchvision.models.detection.keypoint_rcnn import KeypointRCNNHeads, KeypointRCNNPredictor
from torchvision.models.detection.mask_rcnn import MaskRCNNPredictor
from torchvision.ops import MultiScaleRoIAlign
from torchvision.ops.feature_pyramid_network import LastLevelP6P7

warnings.filterwarnings("ignore")  # scripted detection models warn that they return (losses, detections)

# TorchScript source cases: torch.ops.torchvision.* called from compiled code.
SOURCE = '''
def fn(boxes: torch.Tensor, scores: torch.Tensor, feat: torch.Tensor, rois: torch.Tensor):
    keep = torch.ops.torchvision.nms(boxes, scores, 0.4)
    aligned = torch.ops.torchvision.roi_align(feat, rois, 0.5, 3, 3, -1, True)
    pooled, argmax = torch.ops.torchvision.roi_pool(feat, rois, 0.5, 2, 2)
    ps, mapping = torch.ops.torchvision.ps_roi_align(feat, rois, 0.5, 2, 2, 2)
    return keep, boxes[keep], aligned, pooled, argmax, ps, mapping
'''


def source_inputs():
    g = torch.Generator().manual_seed(3)
    xy = torch.rand(30, 2, generator=g) * 40
    boxes = torch.cat([xy, xy + torch.rand(30, 2, generator=g) * 20], 1)
    scores = torch.rand(30, generator=g)
    feat = torch.rand(2, 8, 16, 16, generator=g)
    rois = torch.cat([torch.randint(0, 2, (6, 1), generator=g).float(), boxes[:6]], 1)
    return boxes, scores, feat, rois


def image(size, seed):
    g = torch.Generator().manual_seed(seed)
    return torch.rand(3, size, size, generator=g)


def resnet18_fpn(extra_blocks=None, returned_layers=None):
    return _resnet_fpn_extractor(resnet18(weights=None), 5, returned_layers=returned_layers, extra_blocks=extra_blocks)


def calibrate(model, size):
    """Random weights leave the mobilenet backbones' activations nearly constant, so every box
    would get the same score and the order of detections would rest on ties: batch-norm
    statistics are set from a batch of random images instead (as if briefly trained)."""
    for m in model.modules():
        if isinstance(m, torch.nn.BatchNorm2d):
            m.momentum = None
            m.reset_running_stats()
    model.eval()
    model.backbone.train()
    with torch.no_grad():
        images, _ = model.transform([image(size, 100 + k) for k in range(4)])
        model.backbone(images.tensors)
    model.eval()
    return model


def mobilenet_fpn():
    """MobileNetV3-large FPN (feature maps "0", "1" and "pool"), with batch norm that calibrate()
    sets (the builder's default FrozenBatchNorm2d would leave the features constant)."""
    return mobilenet_backbone(backbone_name="mobilenet_v3_large", weights=None, fpn=True, trainable_layers=6,
                              norm_layer=torch.nn.BatchNorm2d)


def keypointrcnn():
    """Keypoint R-CNN with small heads (the default ones would make a 200 MB archive)."""
    return KeypointRCNN(mobilenet_fpn(), min_size=192, max_size=192,
                        rpn_anchor_generator=AnchorGenerator(((32,), (64,), (128,)), ((0.5, 1.0, 2.0),) * 3),
                        box_roi_pool=MultiScaleRoIAlign(["0", "1"], 7, 2),
                        keypoint_roi_pool=MultiScaleRoIAlign(["0", "1"], 14, 2),
                        box_head=TwoMLPHead(256 * 7 * 7, 256), box_predictor=FastRCNNPredictor(256, 3),
                        keypoint_head=KeypointRCNNHeads(256, (64, 64)), keypoint_predictor=KeypointRCNNPredictor(64, 5),
                        box_detections_per_img=10, box_score_thresh=0.0)


def fcos():
    return FCOS(mobilenet_fpn(), num_classes=4, min_size=128, max_size=128,
                anchor_generator=AnchorGenerator(((16,), (32,), (64,)), ((1.0,),) * 3), score_thresh=0.001,
                detections_per_img=20)


def models():
    """(name, module, inputs, rtol, atol)"""
    torch.manual_seed(0)
    yield ("fasterrcnn_mobilenet_v3_large_320_fpn",
           calibrate(fasterrcnn_mobilenet_v3_large_320_fpn(weights=None, weights_backbone=None, num_classes=5,
                                                           min_size=128, max_size=128, box_detections_per_img=25), 128),
           ([image(128, 1)],), 1e-3, 1e-3)
    torch.manual_seed(1)
    yield ("ssdlite320_mobilenet_v3_large",
           calibrate(ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=5,
                                                   detections_per_img=25), 96),
           ([image(96, 2)],), 1e-3, 1e-3)
    torch.manual_seed(2)
    backbone = resnet18_fpn(LastLevelP6P7(256, 256), [2, 3, 4])
    yield ("retinanet_resnet18_fpn",
           RetinaNet(backbone, num_classes=5, min_size=128, max_size=128, score_thresh=0.005, detections_per_img=25),
           ([image(128, 3)],), 1e-3, 1e-3)
    torch.manual_seed(3)
    yield ("maskrcnn_resnet18_fpn",
           MaskRCNN(resnet18_fpn(), min_size=128, max_size=128, box_head=TwoMLPHead(256 * 7 * 7, 256),
                    box_predictor=FastRCNNPredictor(256, 4), mask_predictor=MaskRCNNPredictor(256, 256, 4),
                    box_detections_per_img=15),
           ([image(112, 4)],), 1e-3, 1e-3)
    torch.manual_seed(4)
    yield "keypointrcnn_mobilenet_v3_fpn", calibrate(keypointrcnn(), 128), ([image(128, 5)],), 1e-3, 1e-3
    torch.manual_seed(5)
    yield "fcos_mobilenet_v3_fpn", calibrate(fcos(), 128), ([image(128, 6)],), 1e-3, 1e-3


def stamp():
    h = hashlib.sha256((torch.__version__ + torchvision.__version__).encode())
    with open(os.path.abspath(__file__), "rb") as f:
        h.update(f.read())
    return h.hexdigest()


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    stamp_path = os.path.join(out, "stamp")
    digest = stamp()
    if os.path.exists(stamp_path) and open(stamp_path).read() == digest:
        return 0
    torch.set_num_threads(1)
    cases = []
    with open(os.path.join(out, "torchvision_ops.src.py"), "w") as f:
        f.write(SOURCE)
    inputs = source_inputs()
    expected = torch.jit.CompilationUnit(SOURCE).fn(*inputs)
    torch.save(inputs, os.path.join(out, "torchvision_ops.inputs.pt"))
    torch.save(expected, os.path.join(out, "torchvision_ops.expected.pt"))
    cases.append({"name": "torchvision_ops", "kind": "source", "rtol": 1e-5, "atol": 1e-6})
    for name, model, inputs, rtol, atol in models():
        model.eval()
        path = os.path.join(out, name + ".pt")
        torch.jit.save(torch.jit.script(model), path)
        loaded = torch.jit.load(path)
        with torch.no_grad():
            losses, detections = loaded(*inputs)
        counts = [len(d["boxes"]) for d in detections]
        assert all(n > 1 for n in counts), f"{name}: too few detections {counts} to exercise nms"
        torch.save(inputs, os.path.join(out, name + ".inputs.pt"))
        torch.save((losses, detections), os.path.join(out, name + ".expected.pt"))
        cases.append({"name": name, "kind": "archive", "rtol": rtol, "atol": atol})
        print(f"{name}: {counts} detections", flush=True)
    with open(os.path.join(out, "detection.json"), "w") as f:
        json.dump({"family": "detection", "cases": cases}, f, indent=1)
    with open(stamp_path, "w") as f:
        f.write(digest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
