// im2col (F.unfold) and col2im (F.fold): the sliding blocks of an image as columns, and the
// columns summed back into an image. Column row (c * kh + i) * kw + j, column position
// by * bw + bx holds input[c, by * sh - ph + i * dh, bx * sw - pw + j * dw] (zero in the
// padding). col2im adds in PyTorch's order (rows, then block rows, then block columns), so
// 16-bit sums round as PyTorch's do. Complex tensors are placed as their real and imaginary
// planes (the placement is linear), as two batch entries of their real view.
#include "ember/tensor/dispatch.h"
#include "ember/tensor/ops/factory.h"
#include "ember/tensor/ops/sampling.h"
#include "ember/tensor/ops/spectral.h"
#include "ember/tensor/parallel.h"

namespace ember {

namespace {

struct Blocks {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
  int64_t h, w;    // image
  int64_t bh, bw;  // blocks along each dim
};

void checkPair(IntArrayRef v, const char* name) {
  EMBER_CHECK(v.size() == 2, "It is expected ", name, " equals to 2, but got size ", v.size());
}

Blocks blockGeom(IntArrayRef kernel, IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride) {
  checkPair(kernel, "kernel_size");
  checkPair(dilation, "dilation");
  checkPair(padding, "padding");
  checkPair(stride, "stride");
  EMBER_CHECK(kernel[0] > 0 && kernel[1] > 0,
              "kernel size should be greater than zero, but got kernel_height: ", kernel[0],
              " kernel_width: ", kernel[1]);
  EMBER_CHECK(dilation[0] > 0 && dilation[1] > 0,
              "dilation should be greater than zero, but got dilation_height: ", dilation[0],
              " dilation_width: ", dilation[1]);
  EMBER_CHECK(padding[0] >= 0 && padding[1] >= 0, "padding should be non-negative, but got pad_height: ", padding[0],
              " pad_width: ", padding[1]);
  EMBER_CHECK(stride[0] > 0 && stride[1] > 0, "stride should be greater than zero, but got stride_height: ", stride[0],
              " stride_width: ", stride[1]);
  return {kernel[0], kernel[1], dilation[0], dilation[1], padding[0], padding[1], stride[0], stride[1], 0, 0, 0, 0};
}

void countBlocks(Blocks& b) {
  b.bh = (b.h + 2 * b.ph - (b.dh * (b.kh - 1) + 1)) / b.sh + 1;
  b.bw = (b.w + 2 * b.pw - (b.dw * (b.kw - 1) + 1)) / b.sw + 1;
}

// Calls f(row, channel, y, x, position) for every in-image tap of channel plane c, in order.
template <typename F>
void forTaps(const Blocks& b, int64_t c, F&& f) {
  for (int64_t i = 0; i < b.kh; ++i)
    for (int64_t j = 0; j < b.kw; ++j) {
      const int64_t row = (c * b.kh + i) * b.kw + j;
      for (int64_t by = 0; by < b.bh; ++by) {
        const int64_t y = by * b.sh - b.ph + i * b.dh;
        for (int64_t bx = 0; bx < b.bw; ++bx) {
          const int64_t x = bx * b.sw - b.pw + j * b.dw;
          f(row, y, x, by * b.bw + bx);
        }
      }
    }
}

}  // namespace

namespace {

Tensor im2colReal(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation, IntArrayRef padding,
                  IntArrayRef stride) {
  Blocks b = blockGeom(kernel_size, dilation, padding, stride);
  const int64_t nd = self.dim();
  EMBER_CHECK((nd == 3 || nd == 4) && self.size(nd - 3) != 0 && self.size(nd - 2) != 0 && self.size(nd - 1) != 0,
              "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
              "input, but got: ",
              self.sizes());
  const bool batched = nd == 4;
  const Tensor x = (batched ? self : self.unsqueeze(0)).contiguous();
  const int64_t n = x.size(0), c = x.size(1);
  b.h = x.size(2);
  b.w = x.size(3);
  countBlocks(b);
  EMBER_CHECK(b.bh >= 1 && b.bw >= 1, "Given input with spatial size (", b.h, ", ", b.w, "), kernel_size=(", b.kh, ", ",
              b.kw, "), dilation=(", b.dh, ", ", b.dw, "), padding=(", b.ph, ", ", b.pw,
              "), calculated shape of the array of sliding blocks as (", b.bh, ", ", b.bw,
              "), but its components must be at least one.");
  const int64_t rows = c * b.kh * b.kw, cols = b.bh * b.bw;
  Tensor out = empty({n, rows, cols}, self.dtype());
  visitFloatingDtype(
      self.dtype(),
      [&]<typename T>() {
        const T* in = x.data_ptr<T>();
        T* o = out.data_ptr<T>();
        parallelFor(0, n * c, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, rows / c * cols)),
                    [&](int64_t p0, int64_t p1) {
                      for (int64_t p = p0; p < p1; ++p) {
                        const int64_t ni = p / c, ci = p % c;
                        const T* plane = in + p * b.h * b.w;
                        T* dst = o + ni * rows * cols;
                        forTaps(b, ci, [&](int64_t row, int64_t y, int64_t xx, int64_t pos) {
                          dst[row * cols + pos] =
                              (y >= 0 && y < b.h && xx >= 0 && xx < b.w) ? plane[y * b.w + xx] : T(0);
                        });
                      }
                    });
      },
      "\"im2col_out_cpu\"");
  return batched ? out : out.squeeze(0);
}

Tensor col2imReal(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size, IntArrayRef dilation,
                  IntArrayRef padding, IntArrayRef stride) {
  checkPair(output_size, "output_size");
  Blocks b = blockGeom(kernel_size, dilation, padding, stride);
  const int64_t nd = self.dim();
  EMBER_CHECK((nd == 2 || nd == 3) && self.size(nd - 2) != 0 && self.size(nd - 1) != 0,
              "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions "
              "for input, but got: ",
              self.sizes());
  const int64_t block = b.kh * b.kw, rows = self.size(nd - 2), cols = self.size(nd - 1);
  EMBER_CHECK(rows % block == 0,
              "Expected size of input's dimension 1 to be divisible by the product of "
              "kernel_size, but got input.size(1)=",
              rows, " and kernel_size=(", b.kh, ", ", b.kw, ").");
  EMBER_CHECK(output_size[0] > 0 && output_size[1] > 0, "col2im: output_size must be positive, but got (",
              output_size[0], ", ", output_size[1], ")");
  b.h = output_size[0];
  b.w = output_size[1];
  countBlocks(b);
  EMBER_CHECK(b.bh >= 1 && b.bw >= 1 && b.bh * b.bw == cols, "Given output_size=(", b.h, ", ", b.w, "), kernel_size=(",
              b.kh, ", ", b.kw, "), dilation=(", b.dh, ", ", b.dw, "), padding=(", b.ph, ", ", b.pw, "), stride=(",
              b.sh, ", ", b.sw,
              "), expected size of input's dimension 2 to match the calculated "
              "number of sliding blocks ",
              b.bh, " * ", b.bw, " = ", b.bh * b.bw, ", but got input.size(2)=", cols, ".");
  const bool batched = nd == 3;
  const Tensor x = (batched ? self : self.unsqueeze(0)).contiguous();
  const int64_t n = x.size(0), c = rows / block;
  Tensor out = zeros({n, c, b.h, b.w}, self.dtype());
  visitFloatingDtype(
      self.dtype(),
      [&]<typename T>() {
        const T* in = x.data_ptr<T>();
        T* o = out.data_ptr<T>();
        parallelFor(0, n * c, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, block * cols)),
                    [&](int64_t p0, int64_t p1) {
                      for (int64_t p = p0; p < p1; ++p) {
                        const int64_t ni = p / c, ci = p % c;
                        const T* src = in + ni * rows * cols;
                        T* plane = o + p * b.h * b.w;
                        forTaps(b, ci, [&](int64_t row, int64_t y, int64_t xx, int64_t pos) {
                          if (y >= 0 && y < b.h && xx >= 0 && xx < b.w)
                            plane[y * b.w + xx] = static_cast<T>(plane[y * b.w + xx] + src[row * cols + pos]);
                        });
                      }
                    });
      },
      "\"col2im_out_cpu\"");
  return batched ? out : out.squeeze(0);
}

// A complex (N, *rest) tensor as the real (2N, *rest) one of its real and imaginary planes.
Tensor planesOf(const Tensor& z) {
  const Tensor r = view_as_real(z.contiguous());
  DimVector perm{0, r.dim() - 1};
  for (int64_t d = 1; d < r.dim() - 1; ++d) perm.push_back(d);
  DimVector sizes{z.size(0) * 2};
  for (int64_t d = 1; d < z.dim(); ++d) sizes.push_back(z.size(d));
  return r.permute(perm).reshape(sizes);
}
// The inverse: (2N, *rest) real planes back to the complex (N, *rest).
Tensor complexOf(const Tensor& planes) {
  DimVector sizes{planes.size(0) / 2, 2};
  for (int64_t d = 1; d < planes.dim(); ++d) sizes.push_back(planes.size(d));
  DimVector perm{0};
  for (int64_t d = 2; d < static_cast<int64_t>(sizes.size()); ++d) perm.push_back(d);
  perm.push_back(1);
  return view_as_complex(planes.reshape(sizes).permute(perm).contiguous());
}

}  // namespace

Tensor im2col(const Tensor& self, IntArrayRef kernel_size, IntArrayRef dilation, IntArrayRef padding,
              IntArrayRef stride) {
  if (!isComplexType(self.dtype())) return im2colReal(self, kernel_size, dilation, padding, stride);
  const bool batched = self.dim() == 4;
  const Tensor x = batched ? self : self.unsqueeze(0);
  EMBER_CHECK(x.dim() == 4,
              "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
              "dimensions for input, but got: ",
              self.sizes());
  if (x.numel() == 0) {  // the shape (and checks) of the real path
    const Tensor shape = im2colReal(empty(x.sizes(), ScalarType::Float), kernel_size, dilation, padding, stride);
    const Tensor r = empty(shape.sizes(), self.dtype());
    return batched ? r : r.squeeze(0);
  }
  const Tensor r = complexOf(im2colReal(planesOf(x), kernel_size, dilation, padding, stride));
  return batched ? r : r.squeeze(0);
}

Tensor col2im(const Tensor& self, IntArrayRef output_size, IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride) {
  if (!isComplexType(self.dtype())) return col2imReal(self, output_size, kernel_size, dilation, padding, stride);
  const bool batched = self.dim() == 3;
  const Tensor x = batched ? self : self.unsqueeze(0);
  EMBER_CHECK(x.dim() == 3,
              "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
              "dimensions for input, but got: ",
              self.sizes());
  if (x.numel() == 0) {  // the shape (and checks) of the real path
    const Tensor shape =
        col2imReal(empty(x.sizes(), ScalarType::Float), output_size, kernel_size, dilation, padding, stride);
    const Tensor r = zeros(shape.sizes(), self.dtype());
    return batched ? r : r.squeeze(0);
  }
  const Tensor r = complexOf(col2imReal(planesOf(x), output_size, kernel_size, dilation, padding, stride));
  return batched ? r : r.squeeze(0);
}

}  // namespace ember
