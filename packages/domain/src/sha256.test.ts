import { describe, expect, it } from 'vitest';
import { sha256Hex, utf8Bytes } from './sha256';

describe('SHA-256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('matches the published test vector for %j', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it('matches the published one-million-"a" vector', () => {
    expect(sha256Hex('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it.each([
    [55, '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
    [56, 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
    [63, '7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34'],
    [64, 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
    [119, '31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb'],
    [120, '2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c'],
  ])('pads a %i-byte message correctly', (length, digest) => {
    expect(sha256Hex('a'.repeat(length))).toBe(digest);
  });

  it.each([
    ['株式会社カブト', 'fcb15e0411ed4516642ac93315d012bdf67fa78d636d52ec83c3cd133a52b0ae'],
    ['抽選 🎴 2026', '5082ca5bda2b32c26a0e74278707234d497c003a7a6e7edb61b806e7d12a2740'],
    ['éß', '7a7e9b74b61dacaa9a9cb332e17fd6eee0b5a1b2da4c6ff3467ef7df5457d41e'],
  ])('hashes the UTF-8 bytes of %j', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest);
  });

  it('encodes UTF-8 by the standard byte patterns', () => {
    expect(Array.from(utf8Bytes('a¢€😀'))).toEqual([
      0x61, 0xc2, 0xa2, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80,
    ]);
    expect(Array.from(utf8Bytes('\ud800'))).toEqual([0xef, 0xbf, 0xbd]);
  });
});
