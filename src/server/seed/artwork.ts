import type { DeviceType } from '../../shared/catalog';
import { escapeHtml } from '../lib/html';

/**
 * Demo product artwork drawn locally (there is no network at seed time): a clean illustration of the
 * device's shape in its brand's colours, 800x600 SVG, rendered to WebP by the seed.
 */
export const ARTWORK_WIDTH = 800;
export const ARTWORK_HEIGHT = 600;

/** Views of a device: the front carries the model name; the others are shared by type and brand. */
export const ARTWORK_VIEWS = ['front', 'back', 'angle', 'detail', 'box'] as const;
export type ArtworkView = (typeof ARTWORK_VIEWS)[number];

interface Palette {
  primary: string;
  accent: string;
  /** The background tint. */
  light: string;
}

const BRAND_COLOURS: Record<string, Palette> = {
  apple: { primary: '#1d1d1f', accent: '#a1a1a6', light: '#f5f5f7' },
  samsung: { primary: '#1428a0', accent: '#6d83f2', light: '#eef1ff' },
  huawei: { primary: '#cf0a2c', accent: '#f4788a', light: '#fff0f2' },
  dell: { primary: '#007db8', accent: '#6cc4ee', light: '#eaf6fc' },
  hp: { primary: '#0096d6', accent: '#7fd3f5', light: '#e9f7fd' },
  lenovo: { primary: '#e2231a', accent: '#3d3d3d', light: '#fdeeee' },
  acer: { primary: '#83b81a', accent: '#3f5f00', light: '#f3f9e6' },
  nec: { primary: '#1414a0', accent: '#8c8cf0', light: '#eeeefd' },
  lg: { primary: '#a50034', accent: '#f08aa9', light: '#fdeef3' },
  sony: { primary: '#111111', accent: '#b0b0b0', light: '#f2f2f2' },
  logitech: { primary: '#00b8fc', accent: '#0a3a4f', light: '#e6f8ff' },
  nvidia: { primary: '#76b900', accent: '#1a1a1a', light: '#f1f9e3' },
  amd: { primary: '#ed1c24', accent: '#1a1a1a', light: '#fdecec' },
  intel: { primary: '#0071c5', accent: '#00c7fd', light: '#e8f3fc' },
  corsair: { primary: '#1a1a1a', accent: '#f2c200', light: '#fbf6df' },
  kingston: { primary: '#e1251b', accent: '#1a1a1a', light: '#fdeeed' },
  cisco: { primary: '#049fd9', accent: '#005073', light: '#e7f6fc' },
  netgear: { primary: '#2a2a72', accent: '#8f8fe0', light: '#eeeefa' },
  'tp-link': { primary: '#4acbd6', accent: '#0f5f66', light: '#eafafb' },
  ubiquiti: { primary: '#0559c9', accent: '#8db8f2', light: '#ebf2fd' },
  hpe: { primary: '#01a982', accent: '#425563', light: '#e6f7f3' },
  supermicro: { primary: '#004b8d', accent: '#5e9bd6', light: '#e8f0f8' },
  microsoft: { primary: '#737373', accent: '#00a4ef', light: '#f3f3f3' },
  google: { primary: '#4285f4', accent: '#34a853', light: '#ecf3fe' },
  asus: { primary: '#00539b', accent: '#7fb0dd', light: '#e9f1f8' },
  hisense: { primary: '#00aaa6', accent: '#005e5c', light: '#e6f7f7' },
  bose: { primary: '#222222', accent: '#c9c9c9', light: '#f4f4f4' },
  jbl: { primary: '#ff3300', accent: '#1a1a1a', light: '#fff0eb' },
};
const DEFAULT_PALETTE: Palette = { primary: '#334155', accent: '#94a3b8', light: '#f1f5f9' };

function paletteOf(brand: string): Palette {
  return BRAND_COLOURS[brand.toLowerCase()] ?? DEFAULT_PALETTE;
}

/** Which drawing a model gets within its type (a keyboard and a mouse are both accessories). */
export function shapeVariant(type: DeviceType, model: string): string {
  if (type === 'accessory') {
    if (/keyboard|keys/i.test(model)) return 'keyboard';
    if (/headphone|wh-|qc|buds|airpods|tune/i.test(model)) return 'headphones';
    return 'mouse';
  }
  if (type === 'component') {
    if (/ram|vengeance|fury|ddr/i.test(model)) return 'memory';
    if (/ssd|nvme|evo|sn\d/i.test(model)) return 'ssd';
    return 'card';
  }
  return type;
}

/** The device's outline, centred on (400, 270), in the brand's colours. */
function shape(type: DeviceType, model: string, p: Palette, back: boolean): string {
  const body = back ? p.primary : '#1f2937';
  const screen = back ? p.accent : `url(#screen)`;
  switch (type) {
    case 'phone':
      return back
        ? `<rect x="310" y="80" width="180" height="370" rx="30" fill="${p.primary}"/>
           <rect x="328" y="100" width="80" height="90" rx="18" fill="${p.accent}" opacity=".9"/>
           <circle cx="350" cy="125" r="14" fill="#111"/><circle cx="385" cy="125" r="14" fill="#111"/><circle cx="350" cy="162" r="14" fill="#111"/>
           <circle cx="400" cy="300" r="24" fill="none" stroke="${p.accent}" stroke-width="6"/>`
        : `<rect x="310" y="80" width="180" height="370" rx="30" fill="${body}"/>
           <rect x="320" y="92" width="160" height="346" rx="22" fill="${screen}"/>
           <rect x="372" y="100" width="56" height="12" rx="6" fill="#111"/>`;
    case 'tablet':
      return `<rect x="250" y="70" width="300" height="400" rx="26" fill="${body}"/>
              <rect x="264" y="84" width="272" height="372" rx="14" fill="${screen}"/>
              ${back ? `<circle cx="285" cy="105" r="12" fill="#111"/>` : `<circle cx="400" cy="77" r="4" fill="#555"/>`}`;
    case 'laptop':
      return `<rect x="220" y="90" width="360" height="240" rx="14" fill="${back ? p.primary : body}"/>
              ${back ? `<circle cx="400" cy="210" r="30" fill="${p.accent}"/>` : `<rect x="234" y="104" width="332" height="212" rx="4" fill="${screen}"/>`}
              <path d="M170 334h460l-36 44H206z" fill="${back ? p.accent : '#9ca3af'}"/>
              <rect x="360" y="334" width="80" height="8" rx="4" fill="#6b7280"/>`;
    case 'desktop':
      return `<rect x="170" y="90" width="320" height="210" rx="12" fill="${body}"/>
              <rect x="182" y="102" width="296" height="186" rx="4" fill="${screen}"/>
              <rect x="310" y="300" width="40" height="60" fill="#9ca3af"/><rect x="260" y="360" width="140" height="14" rx="7" fill="#6b7280"/>
              <rect x="520" y="110" width="120" height="264" rx="12" fill="${p.primary}"/>
              <circle cx="580" cy="150" r="10" fill="${p.accent}"/><rect x="540" y="190" width="80" height="8" rx="4" fill="${p.accent}"/>`;
    case 'tv':
      return `<rect x="120" y="70" width="560" height="320" rx="10" fill="${body}"/>
              <rect x="132" y="82" width="536" height="296" rx="2" fill="${screen}"/>
              <path d="M330 390h140l30 50H300z" fill="${p.primary}"/>`;
    case 'accessory':
      if (shapeVariant(type, model) === 'keyboard') {
        const keys = Array.from({ length: 4 }, (_, r) =>
          Array.from(
            { length: 12 },
            (_, c) => `<rect x="${178 + c * 38}" y="${188 + r * 38}" width="30" height="30" rx="5" fill="${p.light}"/>`,
          ).join(''),
        ).join('');
        return `<rect x="160" y="170" width="480" height="180" rx="20" fill="${p.primary}"/>${keys}`;
      }
      if (shapeVariant(type, model) === 'headphones') {
        return `<path d="M260 300a140 150 0 0 1 280 0" fill="none" stroke="${p.primary}" stroke-width="26" stroke-linecap="round"/>
                <rect x="228" y="270" width="70" height="130" rx="30" fill="${p.primary}"/><rect x="502" y="270" width="70" height="130" rx="30" fill="${p.primary}"/>
                <rect x="244" y="290" width="38" height="90" rx="18" fill="${p.accent}"/><rect x="518" y="290" width="38" height="90" rx="18" fill="${p.accent}"/>`;
      }
      return `<path d="M400 110c70 0 110 60 110 150v60c0 80-50 130-110 130s-110-50-110-130v-60c0-90 40-150 110-150z" fill="${p.primary}"/>
              <path d="M400 110v110" stroke="${p.light}" stroke-width="6"/><rect x="390" y="150" width="20" height="44" rx="10" fill="${p.accent}"/>`;
    case 'component':
      if (shapeVariant(type, model) === 'memory') {
        const chips = Array.from(
          { length: 8 },
          (_, i) => `<rect x="${190 + i * 54}" y="205" width="40" height="60" rx="4" fill="#111"/>`,
        ).join('');
        return `<rect x="160" y="180" width="480" height="120" rx="8" fill="${p.primary}"/>${chips}
                <path d="M160 300h480v24H160z" fill="#d4a017"/><rect x="388" y="300" width="16" height="24" fill="#fff"/>`;
      }
      if (shapeVariant(type, model) === 'ssd') {
        return `<rect x="180" y="210" width="440" height="110" rx="10" fill="${p.primary}"/>
                <rect x="200" y="230" width="120" height="70" rx="4" fill="#111"/><rect x="340" y="230" width="80" height="70" rx="4" fill="#111"/>
                <rect x="440" y="236" width="150" height="58" rx="4" fill="${p.accent}"/><path d="M600 228h24v74h-24z" fill="#d4a017"/>`;
      }
      return `<rect x="140" y="150" width="520" height="200" rx="16" fill="${p.primary === '#76b900' ? '#1f2937' : p.primary}"/>
              <circle cx="280" cy="250" r="72" fill="#111"/><circle cx="280" cy="250" r="16" fill="${p.accent}"/>
              <circle cx="520" cy="250" r="72" fill="#111"/><circle cx="520" cy="250" r="16" fill="${p.accent}"/>
              <rect x="140" y="340" width="300" height="20" fill="#d4a017"/><rect x="160" y="150" width="480" height="10" fill="${p.primary === '#76b900' ? p.primary : p.accent}"/>`;
    case 'server': {
      const bays = Array.from(
        { length: 8 },
        (_, i) =>
          `<rect x="${190 + i * 52}" y="190" width="44" height="120" rx="4" fill="#374151"/><circle cx="${212 + i * 52}" cy="296" r="4" fill="#22c55e"/>`,
      ).join('');
      return `<rect x="150" y="170" width="500" height="160" rx="10" fill="#111827"/>
              <rect x="150" y="170" width="24" height="160" fill="${p.primary}"/><rect x="626" y="170" width="24" height="160" fill="${p.primary}"/>${bays}
              <rect x="150" y="345" width="500" height="40" rx="8" fill="#1f2937"/><rect x="170" y="357" width="120" height="16" rx="4" fill="${p.accent}"/>`;
    }
    case 'switch': {
      const ports = Array.from({ length: 2 }, (_, r) =>
        Array.from(
          { length: 12 },
          (_, c) =>
            `<rect x="${180 + c * 34}" y="${222 + r * 40}" width="26" height="24" rx="3" fill="#0b1220"/><rect x="${186 + c * 34}" y="${218 + r * 40}" width="4" height="4" fill="#22c55e"/>`,
        ).join(''),
      ).join('');
      return `<rect x="140" y="200" width="520" height="110" rx="8" fill="${p.primary}"/>${ports}
              <rect x="600" y="226" width="44" height="22" rx="3" fill="#0b1220"/><rect x="600" y="262" width="44" height="22" rx="3" fill="#0b1220"/>`;
    }
  }
}

/** One demo artwork as SVG text. */
export function deviceArtwork(options: { type: DeviceType; brand: string; model: string; view: ArtworkView }): string {
  const { type, brand, model, view } = options;
  const p = paletteOf(brand);
  const brandName = escapeHtml(brand);
  const modelName = escapeHtml(model);
  const defs = `<defs>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.primary}"/></linearGradient>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${p.light}"/></linearGradient>
  </defs>`;
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${ARTWORK_WIDTH}" height="${ARTWORK_HEIGHT}" viewBox="0 0 ${ARTWORK_WIDTH} ${ARTWORK_HEIGHT}">${defs}`;
  const font = `font-family="DejaVu Sans, Liberation Sans, sans-serif"`;
  switch (view) {
    case 'front':
      return `${open}<rect width="800" height="600" fill="url(#bg)"/>
        <ellipse cx="400" cy="470" rx="260" ry="18" fill="#000" opacity=".08"/>
        ${shape(type, model, p, false)}
        <text x="400" y="528" text-anchor="middle" ${font} font-size="34" font-weight="700" fill="${p.primary}">${brandName}</text>
        <text x="400" y="566" text-anchor="middle" ${font} font-size="24" fill="#374151">${modelName}</text></svg>`;
    case 'back':
      return `${open}<rect width="800" height="600" fill="${p.light}"/>
        <ellipse cx="400" cy="470" rx="260" ry="18" fill="#000" opacity=".08"/>
        ${shape(type, model, p, true)}
        <text x="400" y="540" text-anchor="middle" ${font} font-size="28" font-weight="700" fill="${p.primary}">${brandName}</text></svg>`;
    case 'angle':
      return `${open}<rect width="800" height="600" fill="url(#bg)"/>
        <g transform="translate(400 280) rotate(-12) scale(.9) translate(-400 -280)">${shape(type, model, p, false)}</g>
        <rect x="40" y="40" width="150" height="40" rx="20" fill="${p.primary}"/>
        <text x="115" y="67" text-anchor="middle" ${font} font-size="18" font-weight="700" fill="#fff">${brandName}</text></svg>`;
    case 'detail':
      return `${open}<rect width="800" height="600" fill="${p.primary}"/>
        <g transform="translate(400 300) scale(1.6) translate(-400 -270)" opacity=".35">${shape(type, model, p, true)}</g>
        <text x="60" y="110" ${font} font-size="56" font-weight="700" fill="#fff">${brandName}</text>
        <rect x="60" y="140" width="120" height="8" rx="4" fill="${p.accent}"/>
        <text x="60" y="540" ${font} font-size="26" fill="#fff" opacity=".85">Quality checked by QuickBuy</text></svg>`;
    case 'box':
      return `${open}<rect width="800" height="600" fill="#f8fafc"/>
        <path d="M230 170l170-70 170 70v260l-170 70-170-70z" fill="${p.primary}"/>
        <path d="M230 170l170 70 170-70M400 240v260" fill="none" stroke="${p.light}" stroke-width="4" opacity=".6"/>
        <path d="M230 170l170 70v260l-170-70z" fill="#000" opacity=".15"/>
        <text x="485" y="330" text-anchor="middle" ${font} font-size="26" font-weight="700" fill="#fff" transform="rotate(-22 485 330)">${brandName}</text></svg>`;
  }
}
