import sharp from 'sharp';

// Real images made on the fly for upload tests: no binary fixtures in the repository.

export function tinyPng(width = 32, height = 24): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 96, b: 35 } } })
    .png()
    .toBuffer();
}

export function photoJpeg(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}
