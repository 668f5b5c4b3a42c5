import { deflateSync, crc32 } from 'node:zlib';
import type { ServerFileStore } from '../../lib/module';

/**
 * The demo's identity documents: one generated picture per kind (an ID card's two sides, the card held in hand, a
 * business licence, the legal representative's card), drawn here and stored once as uploads of scope `verification`.
 * Every generated submission points at these few paths, so a seed of a million users stores six small files.
 */

type Rgb = [number, number, number];

/** An RGB picture drawn with filled shapes, written as a PNG. */
class Picture {
  private readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private fill(x0: number, y0: number, x1: number, y1: number, colour: Rgb, inside: (x: number, y: number) => boolean): this {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(this.height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(this.width, Math.ceil(x1)); x++) {
        if (!inside(x + 0.5, y + 0.5)) continue;
        const at = (y * this.width + x) * 3;
        this.pixels[at] = colour[0];
        this.pixels[at + 1] = colour[1];
        this.pixels[at + 2] = colour[2];
      }
    }
    return this;
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb): this {
    return this.fill(x, y, x + w, y + h, colour, () => true);
  }

  roundRect(x: number, y: number, w: number, h: number, r: number, colour: Rgb): this {
    return this.fill(x, y, x + w, y + h, colour, (px, py) => {
      const dx = Math.max(x + r - px, 0, px - (x + w - r));
      const dy = Math.max(y + r - py, 0, py - (y + h - r));
      return dx * dx + dy * dy <= r * r;
    });
  }

  /** An ellipse, cut to `within` (x0, y0, x1, y1) when given. */
  ellipse(cx: number, cy: number, rx: number, ry: number, colour: Rgb, within?: [number, number, number, number]): this {
    const [x0, y0, x1, y1] = within ?? [cx - rx, cy - ry, cx + rx, cy + ry];
    return this.fill(Math.max(x0, cx - rx), Math.max(y0, cy - ry), Math.min(x1, cx + rx), Math.min(y1, cy + ry), colour, (px, py) => ((px - cx) / rx) ** 2 + ((py - cy) / ry) ** 2 <= 1);
  }

  ring(cx: number, cy: number, r: number, thickness: number, colour: Rgb): this {
    return this.fill(cx - r, cy - r, cx + r, cy + r, colour, (px, py) => {
      const d = Math.hypot(px - cx, py - cy);
      return d <= r && d >= r - thickness;
    });
  }

  /** Lines of "text": bars of the given widths, one under another. */
  lines(x: number, y: number, widths: number[], colour: Rgb, height = 9, gap = 22): this {
    widths.forEach((w, i) => this.roundRect(x, y + i * gap, w, height, height / 2, colour));
    return this;
  }

  png(): Buffer {
    const row = this.width * 3 + 1;
    const raw = Buffer.alloc(row * this.height);
    for (let y = 0; y < this.height; y++) {
      // Filter type 0 (none) at the start of each row.
      raw.set(this.pixels.subarray(y * this.width * 3, (y + 1) * this.width * 3), y * row + 1);
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const W = 480;
const H = 300;
const DESK: Rgb = [233, 236, 239];
const INK: Rgb = [52, 73, 94];
const GREY: Rgb = [140, 152, 164];
const SKIN: Rgb = [224, 185, 148];
const RED: Rgb = [200, 40, 45];

/** The portrait on a card: a head and shoulders in a frame. */
function portrait(p: Picture, x: number, y: number, w: number, h: number): Picture {
  const figure: Rgb = [138, 155, 176];
  p.rect(x, y, w, h, [199, 210, 222]).ellipse(x + w / 2, y + h * 0.36, w * 0.22, h * 0.19, figure);
  return p.ellipse(x + w / 2, y + h * 1.02, w * 0.42, h * 0.42, figure, [x, y, x + w, y + h]);
}

function cardFront(tint: Rgb): Buffer {
  const p = new Picture(W, H, DESK).roundRect(24, 22, 432, 256, 16, tint);
  p.lines(52, 60, [36, 36, 36, 36], INK).lines(100, 60, [90, 50, 120, 200], GREY);
  p.lines(52, 148, [36], INK).lines(100, 148, [150], GREY);
  portrait(p, 330, 56, 100, 124);
  return p.lines(52, 226, [36], INK, 12).lines(100, 226, [300], INK, 12).png();
}

function cardBack(tint: Rgb): Buffer {
  const p = new Picture(W, H, DESK).roundRect(24, 22, 432, 256, 16, tint);
  p.ellipse(100, 96, 42, 42, RED).ellipse(100, 96, 18, 18, [244, 196, 48]).ring(100, 96, 34, 4, [244, 196, 48]);
  p.lines(170, 70, [240, 180], INK, 16, 34);
  return p.lines(150, 190, [36, 36], INK).lines(200, 190, [150, 200], GREY).png();
}

function cardInHand(): Buffer {
  const p = new Picture(W, H, [241, 227, 211]);
  p.roundRect(140, 160, 200, 160, 40, [74, 111, 165]);
  p.ellipse(240, 96, 52, 60, SKIN).ellipse(240, 50, 56, 30, [59, 47, 47]);
  p.roundRect(160, 176, 160, 100, 10, [220, 238, 251]);
  portrait(p, 262, 190, 44, 56);
  p.lines(174, 196, [70, 50, 76], GREY, 7, 16).lines(174, 256, [120], INK, 7);
  return p.ellipse(160, 236, 18, 24, SKIN).ellipse(320, 236, 18, 24, SKIN).png();
}

function businessLicence(): Buffer {
  const p = new Picture(W, H, DESK).rect(20, 14, 440, 272, [176, 141, 87]).rect(26, 20, 428, 260, [250, 245, 230]);
  p.rect(34, 28, 412, 244, [176, 141, 87]).rect(36, 30, 408, 240, [250, 245, 230]);
  p.roundRect(170, 44, 140, 20, 6, RED);
  for (let i = 0; i < 36; i++) {
    // A QR-like block of a fixed pattern.
    if ((i * 7 + (i >> 2)) % 3 !== 0) p.rect(58 + (i % 6) * 8, 48 + Math.floor(i / 6) * 8, 8, 8, [40, 40, 40]);
  }
  p.lines(70, 116, [60, 60, 60, 60, 60], INK).lines(150, 116, [220, 160, 240, 120, 200], GREY);
  return p.ring(376, 214, 44, 6, RED).ellipse(376, 214, 9, 9, RED).png();
}

const LEGAL_TINT: Rgb = [232, 240, 228];

/** The pictures by kind; the legal representative's card is tinted apart from a person's own. */
const pictures = {
  id_card_front: () => cardFront([220, 238, 251]),
  id_card_back: () => cardBack([220, 238, 251]),
  id_card_in_hand: cardInHand,
  business_license: businessLicence,
  legal_id_card_front: () => cardFront(LEGAL_TINT),
  legal_id_card_back: () => cardBack(LEGAL_TINT),
};
export type DemoDocumentKind = keyof typeof pictures;

const NAMES: Record<DemoDocumentKind, string> = {
  id_card_front: '身份证正面.png',
  id_card_back: '身份证反面.png',
  id_card_in_hand: '手持身份证.png',
  business_license: '营业执照.png',
  legal_id_card_front: '法人身份证正面.png',
  legal_id_card_back: '法人身份证反面.png',
};

/** Fixed paths in upload form, so every seed (and every generated submission) names the same few files. */
export const DEMO_DOCUMENT_PATHS: Record<DemoDocumentKind, string> = {
  id_card_front: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e01.png',
  id_card_back: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e02.png',
  id_card_in_hand: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e03.png',
  business_license: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e04.png',
  legal_id_card_front: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e05.png',
  legal_id_card_back: 'verification/2025/01/5d0c3f1e7a2b4c6d8e9f0a1b2c3d4e06.png',
};

/** Stores the demo documents that are not stored yet (a few milliseconds each). */
export async function keepDemoDocuments(files: ServerFileStore): Promise<void> {
  for (const kind of Object.keys(pictures) as DemoDocumentKind[]) {
    await files.keep({ path: DEMO_DOCUMENT_PATHS[kind], name: NAMES[kind], scope: 'verification', bytes: pictures[kind]() });
  }
}
