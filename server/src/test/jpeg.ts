// The header of a baseline JPEG (start of image, a one-component SOF0 frame header, end of image):
// what the frame upload reads to know the size before anything decodes it. As large as one likes,
// it is a decompression bomb's header: a few bytes that declare gigapixels.
export function jpegHeader(width: number, height: number): Buffer {
  return Buffer.from([
    ...[0xff, 0xd8],
    ...[0xff, 0xc0, 0x00, 0x0b, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x01, 0x01, 0x11, 0x00],
    ...[0xff, 0xd9],
  ]);
}
