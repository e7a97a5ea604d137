import type { Device, DeviceCondition, DeviceType } from '../../shared/catalog';

/** A demo device: the fields of a listed one, with how many pictures to draw and a line about the model. */
export interface DemoDevice extends Pick<
  Device,
  'brand' | 'model' | 'type' | 'storage' | 'ram' | 'displaySize' | 'batteryHealth' | 'price' | 'originalPrice'
> {
  condition: DeviceCondition;
  /** 0 means sold out: listed, on sale, nothing to add to a cart. */
  quantity: number;
  /** 1 to 5 pictures. */
  images: number;
  /** A sentence about this model; the seed adds the condition and warranty. */
  blurb: string;
}

type Row = [
  brand: string,
  model: string,
  type: DeviceType,
  condition: DeviceCondition,
  storage: string,
  ram: string | null,
  display: string | null,
  battery: number | null,
  price: number,
  originalPrice: number | null,
  quantity: number,
  images: number,
  blurb: string,
];

/** Newest first: the first row is the most recently added device. */
// One device a line reads best as a table.
// prettier-ignore
const ROWS: Row[] = [
  ['Apple', 'iPhone 13', 'phone', 'Excellent', '128GB', '4GB', '6.1-inch', 91, 12499, 14999, 5, 4, 'A15 Bionic, dual 12MP cameras and a bright Super Retina XDR display.'],
  ['Samsung', 'Galaxy S22', 'phone', 'Good', '128GB', '8GB', '6.1-inch', 88, 10999, null, 3, 3, 'Compact flagship with a 120Hz AMOLED screen and a 50MP main camera.'],
  ['HP', 'EliteBook 840 G8', 'laptop', 'Excellent', '512GB SSD', '16GB', '14-inch', 94, 18999, 22999, 4, 4, 'Business ultrabook with an 11th-gen Intel Core i5, backlit keyboard and fingerprint reader.'],
  ['Acer', 'Chromebook 314', 'laptop', 'Good', '64GB eMMC', '4GB', '14-inch', 87, 4999, 6499, 6, 3, 'Light Chromebook with all-day battery, ideal for school and browsing.'],
  ['NEC', 'VersaPro VKT16', 'laptop', 'Good', '256GB SSD', '8GB', '13.3-inch', null, 6999, null, 3, 2, 'Japanese business laptop with an Intel Core i5 and a full set of ports.'],
  ['Dell', 'Latitude 5420', 'laptop', 'Excellent', '256GB SSD', '16GB', '14-inch', 90, 14999, null, 5, 4, 'Dependable business laptop with an 11th-gen Core i5 and Full HD display.'],
  ['Huawei', 'MatePad 11', 'tablet', 'Excellent', '128GB', '6GB', '11-inch', null, 8999, 10999, 2, 3, '120Hz 2.5K display, Harman Kardon speakers and stylus support.'],
  ['Apple', 'MacBook Air M1', 'laptop', 'Excellent', '256GB SSD', '8GB', '13.3-inch', 92, 21999, 24999, 3, 5, 'Silent, fanless Apple M1 laptop with up to 18 hours of battery life.'],
  ['Lenovo', 'ThinkPad T14 Gen 2', 'laptop', 'Good', '512GB SSD', '16GB', '14-inch', 85, 15499, null, 4, 3, 'The classic ThinkPad keyboard, TrackPoint and MIL-SPEC durability.'],
  ['Samsung', 'Galaxy Tab S8', 'tablet', 'Good', '128GB', '8GB', '11-inch', null, 12999, null, 2, 3, 'Snapdragon 8 Gen 1 tablet with the S Pen included.'],
  ['Dell', 'PowerEdge R740', 'server', 'Good', '2x 1.2TB SAS', '128GB', null, null, 64999, 79999, 1, 3, '2U rack server with dual Xeon Silver CPUs and redundant power supplies.'],
  ['Cisco', 'Catalyst 2960-X 24', 'switch', 'Good', '24 ports', null, null, null, 5499, null, 3, 2, '24 Gigabit Ethernet ports and 4 SFP uplinks, managed layer 2 switch.'],
  ['NVIDIA', 'GeForce RTX 3060', 'component', 'Excellent', '12GB GDDR6', null, null, null, 6499, 7999, 4, 3, 'Ray tracing and DLSS graphics card for 1080p and 1440p gaming.'],
  ['Logitech', 'MX Master 3', 'accessory', 'Excellent', 'Wireless', null, null, null, 1299, 1799, 8, 2, 'Ergonomic wireless mouse with MagSpeed scrolling and multi-device switching.'],
  ['Samsung', 'Crystal UHD 55 AU7000', 'tv', 'Good', 'Smart TV', null, '55-inch', null, 8999, null, 2, 3, '4K UHD smart TV with HDR and the Tizen app store.'],
  ['Apple', 'iPad Air (5th generation)', 'tablet', 'Excellent', '64GB', '8GB', '10.9-inch', null, 11499, 12999, 3, 4, 'Apple M1 chip in a thin, light tablet with a Liquid Retina display.'],
  ['Huawei', 'P40 Pro', 'phone', 'Good', '256GB', '8GB', '6.58-inch', 84, 7999, null, 2, 3, 'Leica quad camera with 5x optical zoom.'],
  ['HP', 'ProBook 450 G8', 'laptop', 'Good', '256GB SSD', '8GB', '15.6-inch', 86, 10999, null, 5, 2, 'Full-size business laptop with numeric keypad and Intel Core i5.'],
  ['Dell', 'XPS 13 9310', 'laptop', 'Excellent', '512GB SSD', '16GB', '13.4-inch', 93, 23999, 27999, 2, 5, 'Premium InfinityEdge ultrabook machined from aluminium.'],
  ['Apple', 'iPhone 12', 'phone', 'Fair', '64GB', '4GB', '6.1-inch', 79, 7499, null, 0, 3, 'A14 Bionic, 5G and Ceramic Shield front cover.'],
  ['Samsung', 'Galaxy A53 5G', 'phone', 'Excellent', '128GB', '6GB', '6.5-inch', 95, 5499, null, 7, 2, 'Mid-range 5G phone with a 120Hz Super AMOLED screen and IP67 rating.'],
  ['Apple', 'iPhone 14 Pro', 'phone', 'Excellent', '256GB', '6GB', '6.1-inch', 96, 21999, 25999, 3, 5, 'Dynamic Island, always-on display and a 48MP main camera.'],
  ['Samsung', 'Galaxy S23 Ultra', 'phone', 'Excellent', '256GB', '12GB', '6.8-inch', 97, 26999, null, 2, 4, '200MP camera, built-in S Pen and Snapdragon 8 Gen 2.'],
  ['Huawei', 'Nova 9', 'phone', 'Good', '128GB', '8GB', '6.57-inch', 89, 4999, null, 4, 2, 'Slim phone with a 120Hz curved OLED display and 66W charging.'],
  ['Huawei', 'MateBook D15', 'laptop', 'Good', '512GB SSD', '8GB', '15.6-inch', 88, 11999, null, 3, 3, 'Full HD FullView display, fingerprint power button and Intel Core i5.'],
  ['HP', 'Pavilion 15', 'laptop', 'Fair', '512GB SSD', '8GB', '15.6-inch', 78, 8499, null, 2, 2, 'Everyday laptop with Bang & Olufsen audio.'],
  ['Apple', 'MacBook Pro 14 M1 Pro', 'laptop', 'Excellent', '512GB SSD', '16GB', '14.2-inch', 95, 38999, 42999, 1, 5, 'Liquid Retina XDR display, M1 Pro chip and a full set of ports.'],
  ['Apple', 'iPad (9th generation)', 'tablet', 'Good', '64GB', '3GB', '10.2-inch', null, 5999, null, 6, 2, 'The everyday iPad with A13 Bionic and Apple Pencil support.'],
  ['Samsung', 'Galaxy Tab A8', 'tablet', 'Good', '32GB', '3GB', '10.5-inch', null, 3499, null, 5, 1, 'Family tablet with quad speakers and a large display.'],
  ['Huawei', 'MatePad Pro 12.6', 'tablet', 'Excellent', '256GB', '8GB', '12.6-inch', null, 16999, 19999, 0, 3, 'OLED tablet with Kirin 9000E and M-Pencil support.'],
  ['Dell', 'Latitude 7420', 'laptop', 'Good', '512GB SSD', '16GB', '14-inch', 87, 16999, null, 3, 3, 'Premium carbon-fibre business laptop with Core i7.'],
  ['Samsung', 'Neo QLED 65 QN90A', 'tv', 'Excellent', 'Smart TV', null, '65-inch', null, 29999, 34999, 1, 4, 'Mini LED 4K TV with Quantum HDR 32X and anti-glare screen.'],
  ['LG', 'OLED55C1', 'tv', 'Good', 'Smart TV', null, '55-inch', null, 21999, null, 2, 3, 'Self-lit OLED pixels, Dolby Vision IQ and four HDMI 2.1 ports.'],
  ['Huawei', 'Vision S 55', 'tv', 'Good', 'Smart TV', null, '55-inch', null, 9499, null, 2, 2, '4K smart screen with a pop-up camera for video calls.'],
  ['Hisense', '43A6G', 'tv', 'Excellent', 'Smart TV', null, '43-inch', null, 4999, null, 4, 1, 'Affordable 4K UHD smart TV with Dolby Vision.'],
  ['Sony', 'Bravia X80J 50', 'tv', 'Good', 'Google TV', null, '50-inch', null, 12999, null, 0, 3, '4K HDR Processor X1 with Google TV built in.'],
  ['Apple', 'iMac 24 M1', 'desktop', 'Excellent', '256GB SSD', '8GB', '24-inch', null, 24999, null, 2, 4, 'All-in-one with a 4.5K Retina display and the M1 chip.'],
  ['Dell', 'OptiPlex 7090', 'desktop', 'Good', '512GB SSD', '16GB', null, null, 9999, null, 5, 2, 'Small form factor office desktop with a Core i7.'],
  ['HP', 'EliteDesk 800 G6', 'desktop', 'Good', '256GB SSD', '8GB', null, null, 7499, null, 4, 2, 'Compact business desktop with Intel vPro.'],
  ['Lenovo', 'ThinkCentre M720q', 'desktop', 'Fair', '256GB SSD', '8GB', null, null, 4299, null, 6, 1, 'Tiny one-litre PC that mounts behind a monitor.'],
  ['Apple', 'Mac mini M1', 'desktop', 'Excellent', '256GB SSD', '8GB', null, null, 10999, 12999, 3, 3, 'Small, silent desktop with the Apple M1 chip.'],
  ['Apple', 'Magic Keyboard', 'accessory', 'Excellent', 'Wireless', null, null, null, 999, null, 9, 2, 'Rechargeable wireless keyboard with a low-profile design.'],
  ['Sony', 'WH-1000XM4 Headphones', 'accessory', 'Good', 'Wireless', null, null, null, 2999, 3999, 4, 3, 'Industry-leading noise cancelling with 30-hour battery life.'],
  ['Apple', 'AirPods Pro', 'accessory', 'Good', 'Wireless', null, null, null, 1999, null, 6, 2, 'Active noise cancellation and spatial audio.'],
  ['Logitech', 'K380 Multi-Device Keyboard', 'accessory', 'Excellent', 'Bluetooth', null, null, null, 499, null, 10, 1, 'Compact Bluetooth keyboard that pairs with three devices.'],
  ['Samsung', '870 EVO SSD', 'component', 'Excellent', '1TB', null, null, null, 1499, null, 8, 2, 'SATA SSD with up to 560 MB/s and a 5-year warranty.'],
  ['Corsair', 'Vengeance LPX 16GB DDR4', 'component', 'Excellent', '2x 8GB', null, null, null, 799, null, 7, 1, 'Low-profile 3200MHz memory kit.'],
  ['AMD', 'Ryzen 7 5800X', 'component', 'Good', '8 cores', null, null, null, 3499, 4299, 3, 2, 'Eight-core Zen 3 desktop processor.'],
  ['NVIDIA', 'GeForce RTX 3080', 'component', 'Good', '10GB GDDR6X', null, null, null, 12999, 15999, 2, 4, 'High-end graphics card for 4K gaming.'],
  ['Intel', 'Core i7-12700K', 'component', 'Excellent', '12 cores', null, null, null, 4299, null, 3, 2, 'Hybrid-architecture desktop processor, unlocked for overclocking.'],
  ['Kingston', 'FURY Beast 32GB DDR5', 'component', 'Excellent', '2x 16GB', null, null, null, 1599, null, 5, 1, 'DDR5 memory kit at 5200MHz with Intel XMP 3.0.'],
  ['HPE', 'ProLiant DL380 Gen10', 'server', 'Good', '2x 960GB SSD', '64GB', null, null, 54999, null, 1, 3, 'The best-selling 2U server with iLO 5 remote management.'],
  ['Dell', 'PowerEdge R640', 'server', 'Fair', '2x 600GB SAS', '64GB', null, null, 32999, null, 2, 2, '1U dual-socket rack server for dense data centres.'],
  ['Lenovo', 'ThinkSystem SR650', 'server', 'Good', '4x 1.2TB SAS', '128GB', null, null, 47999, null, 0, 3, '2U server with dual Xeon Scalable CPUs and XClarity management.'],
  ['Supermicro', 'SuperServer 1029P', 'server', 'Good', '2x 480GB SSD', '32GB', null, null, 18999, null, 2, 1, '1U server with dual Xeon CPUs and ten drive bays.'],
  ['Cisco', 'Catalyst 9200L 48P', 'switch', 'Excellent', '48 ports', null, null, null, 16999, 19999, 2, 3, '48-port PoE+ stackable access switch with Cisco DNA support.'],
  ['Netgear', 'ProSAFE GS724T', 'switch', 'Good', '24 ports', null, null, null, 2299, null, 4, 2, '24-port Gigabit smart managed switch.'],
  ['TP-Link', 'TL-SG1024D', 'switch', 'Excellent', '24 ports', null, null, null, 1199, null, 6, 1, 'Unmanaged 24-port Gigabit desktop/rackmount switch.'],
  ['Ubiquiti', 'UniFi USW-24-PoE', 'switch', 'Good', '24 ports', null, null, null, 7999, null, 3, 2, 'Layer 2 PoE switch managed from the UniFi controller.'],
  ['HPE', 'Aruba 2930F 24G', 'switch', 'Good', '24 ports', null, null, null, 8999, null, 2, 2, 'Layer 3 access switch with four SFP+ uplinks.'],
  ['HP', 'Spectre x360 14', 'laptop', 'Excellent', '1TB SSD', '16GB', '13.5-inch', 92, 26999, 29999, 2, 5, 'Convertible OLED laptop with a pen and gem-cut design.'],
  ['Samsung', 'Galaxy Book2 Pro', 'laptop', 'Good', '512GB SSD', '8GB', '15.6-inch', 89, 17999, null, 2, 3, 'Thin and light AMOLED laptop that weighs only 1.1 kg.'],
  ['Huawei', 'MatePad T10s', 'tablet', 'Fair', '32GB', '2GB', '10.1-inch', null, 2499, null, 4, 1, 'Family tablet with a Full HD screen and kids corner.'],
  ['Apple', 'iPhone SE (2022)', 'phone', 'Good', '64GB', '4GB', '4.7-inch', 89, 4999, null, 5, 2, 'A15 Bionic and 5G in the classic compact design with Touch ID.'],
  ['Samsung', 'Galaxy Z Flip4', 'phone', 'Good', '256GB', '8GB', '6.7-inch', 86, 13999, 16999, 2, 4, 'Foldable phone with a cover screen and FlexCam.'],
  ['Acer', 'Chromebook Spin 713', 'laptop', 'Excellent', '128GB SSD', '8GB', '13.5-inch', 91, 9499, null, 3, 2, 'Convertible Chromebook with a 3:2 2K touchscreen.'],
  ['NEC', 'VersaPro VKM17', 'laptop', 'Fair', '256GB SSD', '8GB', '15.6-inch', null, 5999, null, 2, 1, 'Full-size NEC business notebook with a numeric keypad.'],
  ['Microsoft', 'Surface Pro 8', 'tablet', 'Excellent', '256GB', '8GB', '13-inch', null, 15999, 18999, 2, 4, '2-in-1 with a 120Hz touchscreen and Thunderbolt 4.'],
  ['Google', 'Pixel 7', 'phone', 'Good', '128GB', '8GB', '6.3-inch', 90, 8999, null, 3, 3, 'Google Tensor G2 and a 50MP camera with Magic Eraser.'],
  ['Asus', 'ROG Strix G15', 'laptop', 'Good', '512GB SSD', '16GB', '15.6-inch', 83, 19999, null, 2, 3, 'Gaming laptop with a 144Hz display and RTX graphics.'],
  ['Bose', 'QuietComfort 45 Headphones', 'accessory', 'Excellent', 'Wireless', null, null, null, 3499, null, 3, 2, 'Comfortable noise-cancelling headphones with 24-hour battery.'],
];

export const DEMO_DEVICES: DemoDevice[] = ROWS.map((row) => ({
  brand: row[0],
  model: row[1],
  type: row[2],
  condition: row[3],
  storage: row[4],
  ram: row[5],
  displaySize: row[6],
  batteryHealth: row[7],
  price: row[8],
  originalPrice: row[9],
  quantity: row[10],
  images: row[11],
  blurb: row[12],
}));

const CONDITION_NOTES: Record<DeviceCondition, string> = {
  Excellent: 'In excellent condition: no visible marks, fully tested and cleaned.',
  Good: 'In good condition: light signs of use, fully tested and working perfectly.',
  Fair: 'In fair condition: visible wear on the body, fully tested and working perfectly.',
};

/** The listing's description: the model's blurb, its condition, battery health where measured, the warranty. */
export function describeDemoDevice(device: DemoDevice): string {
  const battery = device.batteryHealth !== null ? ` Battery health ${device.batteryHealth}%.` : '';
  return `${device.blurb} ${CONDITION_NOTES[device.condition]}${battery} Comes with a 6 months warranty and free shipping.`;
}
