"""torchvision models for the zoo, scripted and traced, in eval mode with random weights. Inputs
are 1x3x96x96 (the models pool adaptively); the classifiers of alexnet and vgg are narrowed so
their archives stay small (their convolutional parts are torchvision's), convnext and vit use
small configurations of torchvision's own classes."""
import torch
import torch.nn as nn
import torchvision.models as tvm
from torchvision.models.convnext import CNBlockConfig, ConvNeXt
from torchvision.models.vision_transformer import VisionTransformer


def narrow_classifier(model, width=64, classes=10):
    """Replaces every Linear of model.classifier by one of at most `width` outputs."""
    layers = list(model.classifier)
    prev = None
    for i, m in enumerate(layers):
        if isinstance(m, nn.Linear):
            fan_in = m.in_features if prev is None else prev
            last = all(not isinstance(x, nn.Linear) for x in layers[i + 1:])
            layers[i] = nn.Linear(fan_in, classes if last else width)
            prev = classes if last else width
    model.classifier = nn.Sequential(*layers)
    return model


def models():
    yield "resnet18", tvm.resnet18(), 96
    yield "mobilenet_v2", tvm.mobilenet_v2(), 96
    yield "mobilenet_v3_small", tvm.mobilenet_v3_small(), 96
    yield "squeezenet", tvm.squeezenet1_1(), 96
    yield "shufflenet", tvm.shufflenet_v2_x0_5(), 96
    yield "densenet", tvm.densenet121(), 96
    yield "efficientnet_b0", tvm.efficientnet_b0(), 96
    yield "regnet", tvm.regnet_y_400mf(), 96
    yield "vgg", narrow_classifier(tvm.vgg11_bn()), 64
    yield "alexnet", narrow_classifier(tvm.alexnet()), 96
    yield "googlenet", tvm.googlenet(aux_logits=False, init_weights=True), 96
    yield "convnext", ConvNeXt([CNBlockConfig(16, 32, 1), CNBlockConfig(32, 64, 1), CNBlockConfig(64, 128, 1),
                                CNBlockConfig(128, None, 1)], num_classes=10), 64
    yield "vit", VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2, hidden_dim=32,
                                   mlp_dim=64, num_classes=10), 32


def cases(zoo):
    for name, model, size in models():
        model = model.eval()
        x = torch.randn(1, 3, size, size)
        zoo.add(f"vision_{name}_scripted", torch.jit.script(model), (x,), group="vision", rtol=1e-3, atol=1e-4)
        with torch.no_grad():
            traced = torch.jit.trace(model, (x,), check_trace=False)
        zoo.add(f"vision_{name}_traced", traced, (x,), group="vision", rtol=1e-3, atol=1e-4)
    # Segmentation heads (dict outputs; their F.interpolate compiles in the antialiased kernels'
    # calls): scripted only, a small input and few classes.
    from torchvision.models import segmentation as seg
    for name, model in (("lraspp", seg.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=4)),
                        ("deeplabv3", seg.deeplabv3_mobilenet_v3_large(weights=None, weights_backbone=None,
                                                                        num_classes=4, aux_loss=False))):
        x = torch.randn(1, 3, 64, 64)
        zoo.add(f"vision_{name}_scripted", torch.jit.script(model.eval()), (x,), group="vision", rtol=1e-3,
                atol=1e-4)
