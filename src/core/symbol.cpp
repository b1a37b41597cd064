// Placeholder translation unit so the layer library exists before its first concept lands.
namespace ember::jit {}
