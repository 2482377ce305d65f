import { type ErrorDef, type Messages, m } from './types.ts';

const fault = (
  code: string,
  wire: string,
  messages: Messages,
  source: 'given' | 'chosen' = 'given',
): ErrorDef => ({
  code,
  kind: 'fault',
  wire,
  messages,
  source,
});

const fridgeParts: [string, string, string, string, string][] = [
  ['compressor', 'Compressor fault', 'خرابی کمپرسور', 'عطل في الضاغط', 'Kompresör arızası'],
  [
    'condenser_fan',
    'Condenser fan fault',
    'خرابی فن کندانسور',
    'عطل في مروحة المكثّف',
    'Kondenser fanı arızası',
  ],
  ['freezer_fan', 'Freezer fan fault', 'خرابی فن فریزر', 'عطل في مروحة الفريزر', 'Dondurucu fanı arızası'],
  [
    'defrost_heater',
    'Defrost heater fault',
    'خرابی هیتر برفک‌زدا',
    'عطل في سخان إذابة الصقيع',
    'Defrost ısıtıcısı arızası',
  ],
  [
    'evaporator_sensor',
    'Evaporator sensor fault',
    'خرابی سنسور اواپراتور',
    'عطل في مستشعر المبخّر',
    'Evaporatör sensörü arızası',
  ],
  [
    'ice_maker_sensor',
    'Ice-maker sensor fault',
    'خرابی سنسور یخ‌ساز',
    'عطل في مستشعر صانع الثلج',
    'Buz makinesi sensörü arızası',
  ],
  [
    'ambient_sensor',
    'Ambient sensor fault',
    'خرابی سنسور محیط',
    'عطل في مستشعر الحرارة المحيطة',
    'Ortam sensörü arızası',
  ],
  [
    'fridge_cabin_sensor',
    'Fridge cabin sensor fault',
    'خرابی سنسور کابین یخچال',
    'عطل في مستشعر حجرة الثلاجة',
    'Buzdolabı kabin sensörü arızası',
  ],
  [
    'freezer_cabin_sensor',
    'Freezer cabin sensor fault',
    'خرابی سنسور کابین فریزر',
    'عطل في مستشعر حجرة الفريزر',
    'Dondurucu kabin sensörü arızası',
  ],
  [
    'water_dispenser_sensor',
    'Water dispenser sensor fault',
    'خرابی سنسور آبسردکن',
    'عطل في مستشعر موزّع الماء',
    'Su sebili sensörü arızası',
  ],
  [
    'damper_feedback',
    'Damper feedback fault',
    'خرابی فیدبک دمپر',
    'عطل في إشارة المخمّد',
    'Damper geri bildirim arızası',
  ],
  [
    'display_connection',
    'Display connection fault',
    'خطای ارتباط نمایشگر',
    'عطل في اتصال الشاشة',
    'Ekran bağlantı arızası',
  ],
];

/** Refrigerator and freezer faults (spec section 8); F1 to F4 are named there without meanings. */
export const fridgeFaults: ErrorDef[] = [
  ...fridgeParts.map(([part, en, fa, ar, tr]) =>
    fault(`fridge.${part}`, part, m(`${en}.`, `${fa}.`, `${ar}.`, `${tr}.`)),
  ),
  ...[1, 2, 3, 4].map((n) =>
    fault(
      `fridge.F${n}`,
      `F${n}`,
      m(
        `Refrigerator fault F${n}. Contact support.`,
        `خطای یخچال F${n}. با پشتیبانی تماس بگیرید.`,
        `عطل في الثلاجة F${n}. اتصل بالدعم.`,
        `Buzdolabı arızası F${n}. Destekle iletişime geçin.`,
      ),
    ),
  ),
];

const boilerNamed: Record<number, [string, string, string, string]> = {
  1: ['Flame not detected', 'شعله شناسایی نشد', 'لم يتم اكتشاف اللهب', 'Alev algılanmadı'],
  2: [
    'Limit thermostat or air pressure sensor',
    'ترموستات حد یا سنسور فشار هوا',
    'منظّم الحد أو مستشعر ضغط الهواء',
    'Limit termostatı veya hava basınç sensörü',
  ],
  3: ['Air pressure sensor', 'سنسور فشار هوا', 'مستشعر ضغط الهواء', 'Hava basınç sensörü'],
  4: ['Low water pressure', 'فشار آب پایین', 'ضغط ماء منخفض', 'Düşük su basıncı'],
  5: ['Modulator coil', 'کویل مدولاتور', 'ملف المعدِّل', 'Modülatör bobini'],
  6: ['Domestic hot water sensor', 'سنسور آب مصرفی', 'مستشعر ماء الاستهلاك', 'Kullanım suyu sensörü'],
  23: [
    'Outside temperature sensor',
    'سنسور دمای بیرون',
    'مستشعر درجة الحرارة الخارجية',
    'Dış sıcaklık sensörü',
  ],
};

/** Boiler E1 to E99; the spec names seven, the rest are reported by number. Flags b_e1..b_e76. */
export const boilerFaults: ErrorDef[] = Array.from({ length: 99 }, (_, i) => {
  const n = i + 1;
  const named = boilerNamed[n];
  const def = named
    ? fault(
        `boiler.E${n}`,
        `E${n}`,
        m(`E${n}: ${named[0]}.`, `E${n}: ${named[1]}.`, `E${n}: ${named[2]}.`, `E${n}: ${named[3]}.`),
      )
    : fault(
        `boiler.E${n}`,
        `E${n}`,
        m(
          `Boiler error E${n}. Contact support.`,
          `خطای پکیج E${n}. با پشتیبانی تماس بگیرید.`,
          `خطأ في المرجل E${n}. اتصل بالدعم.`,
          `Kombi hatası E${n}. Destekle iletişime geçin.`,
        ),
        'chosen',
      );
  return n <= 76 ? { ...def, flags: [`b_e${n}`] } : def;
});
