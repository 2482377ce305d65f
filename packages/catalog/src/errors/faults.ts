import { type ErrorDef, type Messages, m } from './types.ts';

const fault = (code: string, wire: string, messages: Messages, flags?: string[]): ErrorDef => ({
  code,
  kind: 'fault',
  wire,
  ...(flags ? { flags } : {}),
  messages,
  source: 'given',
});

/** Faults any appliance may report (spec section 8). */
export const commonFaults: ErrorDef[] = [
  fault(
    'device.error',
    'ERR',
    m(
      'There is an error in the device. Turn the device off and on once; if it persists, contact support.',
      'دستگاه دچار خطا شده است. یک بار دستگاه را خاموش و روشن کنید؛ در غیر این صورت با پشتیبانی تماس بگیرید.',
      'يوجد خطأ في الجهاز. أوقف تشغيل الجهاز ثم شغّله مرة واحدة؛ وإلا فاتصل بالدعم.',
      'Cihazda bir hata var. Cihazı bir kez kapatıp açın; sorun sürerse destekle iletişime geçin.',
    ),
  ),
  fault(
    'device.relay_board',
    'RB',
    m(
      'Communication error with the relay board, check the connection.',
      'خطا در ارتباط با برد رله، اتصال را بررسی کنید.',
      'خطأ في الاتصال بلوحة المرحّلات، تحقّق من التوصيل.',
      'Röle kartıyla iletişim hatası, bağlantıyı kontrol edin.',
    ),
  ),
  fault(
    'device.curtain_not_connected',
    'CNC',
    m(
      'Curtain not connected; curtain configuration failed, try again.',
      'پرده متصل نیست؛ پیکربندی پرده ناموفق بود، دوباره تلاش کنید.',
      'الستارة غير متصلة؛ فشل إعداد الستارة، حاول مرة أخرى.',
      'Perde bağlı değil; perde yapılandırması başarısız oldu, tekrar deneyin.',
    ),
  ),
  fault(
    'sensor.not_connected',
    'SNC',
    m('Sensor not connected.', 'سنسور متصل نیست.', 'المستشعر غير متصل.', 'Sensör bağlı değil.'),
    ['sensor_error'],
  ),
  fault(
    'sensor.probe_not_connected',
    'PNC',
    m('Meat probe not connected.', 'پراب گوشت متصل نیست.', 'مسبار اللحم غير متصل.', 'Et probu bağlı değil.'),
  ),
  fault(
    'sensor.temperature',
    'TS',
    m(
      'Temperature sensor error.',
      'خطای سنسور دما.',
      'خطأ في مستشعر درجة الحرارة.',
      'Sıcaklık sensörü hatası.',
    ),
    ['sensor_error'],
  ),
  fault(
    'sensor.short',
    'SS',
    m(
      'Temperature sensor short circuit or failure.',
      'اتصال کوتاه یا خرابی سنسور دما.',
      'قصر في دائرة مستشعر درجة الحرارة أو عطل فيه.',
      'Sıcaklık sensöründe kısa devre veya arıza.',
    ),
    ['sensor_short_error', 'short_circuit_error', 'sensor_error'],
  ),
  fault(
    'sensor.open',
    'SO',
    m(
      'Temperature sensor open circuit.',
      'مدار سنسور دما باز است.',
      'دائرة مستشعر درجة الحرارة مفتوحة.',
      'Sıcaklık sensörü devresi açık.',
    ),
    ['sensor_open_error', 'no_sensor_error', 'sensor_error'],
  ),
  fault(
    'water.none',
    'NW',
    m(
      'No water: the tank is empty.',
      'آب وجود ندارد: مخزن خالی است.',
      'لا يوجد ماء: الخزان فارغ.',
      'Su yok: depo boş.',
    ),
    ['no_water_error'],
  ),
  fault(
    'smoke.sensor',
    'SMK',
    m('Smoke sensor error.', 'خطای سنسور دود.', 'خطأ في مستشعر الدخان.', 'Duman sensörü hatası.'),
    ['smoke_sensor_error'],
  ),
  fault(
    'gas.detected',
    'GAS',
    m('Dangerous gas detected.', 'گاز خطرناک شناسایی شد.', 'تم اكتشاف غاز خطير.', 'Tehlikeli gaz algılandı.'),
    ['gas_detected'],
  ),
];

const motor: [string, string, string, string][] = [
  ['Short circuit', 'اتصال کوتاه', 'قصر في الدائرة', 'Kısa devre'],
  ['Overcurrent', 'جریان بیش از حد', 'تيار زائد', 'Aşırı akım'],
  ['Overvoltage', 'ولتاژ بیش از حد', 'جهد زائد', 'Aşırı gerilim'],
  ['Input overcurrent', 'جریان ورودی بیش از حد', 'تيار دخل زائد', 'Giriş aşırı akımı'],
  ['Overheating', 'داغ شدن بیش از حد', 'ارتفاع مفرط في الحرارة', 'Aşırı ısınma'],
  ['Excess voltage request', 'درخواست ولتاژ بیش از حد', 'طلب جهد زائد', 'Aşırı gerilim talebi'],
  ['Locked motor', 'قفل شدن موتور', 'المحرك متوقف (مقفل)', 'Motor kilitlendi'],
  ['Undervoltage', 'ولتاژ کم', 'جهد منخفض', 'Düşük gerilim'],
  [
    'Inductor short or MOSFET current',
    'اتصال کوتاه سلف یا جریان ماسفت',
    'قصر في الملف أو تيار الترانزستور',
    'Bobin kısa devresi veya MOSFET akımı',
  ],
];

/** Motor drive errors P1 to P9 (washers, dishwashers, fans, coolers, hoods). */
export const motorFaults: ErrorDef[] = motor.map(([en, fa, ar, tr], i) =>
  fault(
    `motor.P${i + 1}`,
    `P${i + 1}`,
    m(
      `Motor drive error P${i + 1}: ${en.toLowerCase()}.`,
      `خطای درایو موتور P${i + 1}: ${fa}.`,
      `خطأ في مشغّل المحرك P${i + 1}: ${ar}.`,
      `Motor sürücü hatası P${i + 1}: ${tr.toLocaleLowerCase('tr')}.`,
    ),
  ),
);
