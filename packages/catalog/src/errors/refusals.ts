import { type ErrorDef, type Messages, m } from './types.ts';

const refusal = (code: string, messages: Messages): ErrorDef => ({
  code,
  kind: 'refusal',
  wire: code,
  messages,
  source: 'given',
});

/** Answers to commands the device rules of spec sections 4 and 5 forbid. */
export const refusalErrors: ErrorDef[] = [
  refusal(
    'rule.cooking_in_progress',
    m(
      'Temperature, time and probe cannot be changed while cooking.',
      'در حین پخت نمی‌توان دما، زمان و پراب را تغییر داد.',
      'لا يمكن تغيير درجة الحرارة والوقت والمسبار أثناء الطهي.',
      'Pişirme sırasında sıcaklık, süre ve prob değiştirilemez.',
    ),
  ),
  refusal(
    'rule.door_open',
    m(
      'Close the door first; the device cannot start with the door open.',
      'ابتدا درب را ببندید؛ دستگاه با درب باز روشن نمی‌شود.',
      'أغلق الباب أولاً؛ لا يمكن بدء التشغيل والباب مفتوح.',
      'Önce kapağı kapatın; cihaz kapak açıkken başlatılamaz.',
    ),
  ),
  refusal(
    'rule.sensor_error',
    m(
      'Cooking cannot start while there is a sensor error.',
      'هنگام وجود خطای سنسور، پخت شروع نمی‌شود.',
      'لا يمكن بدء الطهي أثناء وجود خطأ في المستشعر.',
      'Sensör hatası varken pişirme başlatılamaz.',
    ),
  ),
  refusal(
    'rule.stop_cooking_first',
    m(
      'Stop cooking before turning the device off.',
      'قبل از خاموش کردن دستگاه، پخت را متوقف کنید.',
      'أوقف الطهي قبل إيقاف تشغيل الجهاز.',
      'Cihazı kapatmadan önce pişirmeyi durdurun.',
    ),
  ),
  refusal(
    'rule.temp_fixed_program',
    m(
      'Temperature cannot be set in this program.',
      'در این برنامه امکان تنظیم دما وجود ندارد.',
      'لا يمكن ضبط درجة الحرارة في هذا البرنامج.',
      'Bu programda sıcaklık ayarlanamaz.',
    ),
  ),
  refusal(
    'rule.stop_machine_first',
    m(
      'Stop the machine before making this change.',
      'قبل از این تغییر، دستگاه را متوقف کنید.',
      'أوقف الجهاز قبل إجراء هذا التغيير.',
      'Bu değişikliği yapmadan önce makineyi durdurun.',
    ),
  ),
  refusal(
    'rule.auto_mode_only',
    m(
      'Temperature can be set only in auto mode.',
      'دما فقط در حالت خودکار قابل تنظیم است.',
      'يمكن ضبط درجة الحرارة في الوضع التلقائي فقط.',
      'Sıcaklık yalnızca otomatik modda ayarlanabilir.',
    ),
  ),
  refusal(
    'rule.standby_only',
    m(
      'Lock is available only in standby.',
      'قفل فقط در حالت آماده‌به‌کار در دسترس است.',
      'القفل متاح في وضع الاستعداد فقط.',
      'Kilit yalnızca bekleme modunda kullanılabilir.',
    ),
  ),
  refusal(
    'rule.test_mode',
    m(
      'Temperature is not adjustable in factory test mode.',
      'در حالت تست کارخانه، دما قابل تنظیم نیست.',
      'لا يمكن ضبط درجة الحرارة في وضع اختبار المصنع.',
      'Fabrika test modunda sıcaklık ayarlanamaz.',
    ),
  ),
  refusal(
    'rule.timer_off_or_auto',
    m(
      'A timer cannot be added while the device is off or in auto mode.',
      'وقتی دستگاه خاموش یا در حالت خودکار است، نمی‌توان تایمر افزود.',
      'لا يمكن إضافة مؤقت أثناء إيقاف الجهاز أو في الوضع التلقائي.',
      'Cihaz kapalıyken veya otomatik moddayken zamanlayıcı eklenemez.',
    ),
  ),
  refusal(
    'rule.backlight_off',
    m(
      'Backlight cannot change while the device is off.',
      'وقتی دستگاه خاموش است، نور پس‌زمینه تغییر نمی‌کند.',
      'لا يمكن تغيير الإضاءة الخلفية أثناء إيقاف الجهاز.',
      'Cihaz kapalıyken arka ışık değiştirilemez.',
    ),
  ),
  refusal(
    'rule.flame_off',
    m(
      'A timer cannot be added while this element is off.',
      'وقتی این شعله خاموش است، نمی‌توان تایمر افزود.',
      'لا يمكن إضافة مؤقت أثناء إيقاف هذا العنصر.',
      'Bu ısıtıcı kapalıyken zamanlayıcı eklenemez.',
    ),
  ),
  refusal(
    'rule.fast_heat_unavailable',
    m(
      'Fast heating is unavailable at this heat level.',
      'گرمایش سریع در این سطح حرارت در دسترس نیست.',
      'التسخين السريع غير متاح عند مستوى الحرارة هذا.',
      'Hızlı ısıtma bu ısı seviyesinde kullanılamaz.',
    ),
  ),
  refusal(
    'rule.disable_fast_freeze_eco',
    m(
      'Disable fast freeze and eco mode first.',
      'ابتدا انجماد سریع و حالت اقتصادی را غیرفعال کنید.',
      'عطّل التجميد السريع والوضع الاقتصادي أولاً.',
      'Önce hızlı dondurmayı ve eko modu kapatın.',
    ),
  ),
  refusal(
    'rule.time_first',
    m('Set the time first.', 'ابتدا زمان را تنظیم کنید.', 'اضبط الوقت أولاً.', 'Önce süreyi ayarlayın.'),
  ),
  refusal(
    'rule.lock_enabled',
    m(
      'Disable the child lock first.',
      'ابتدا قفل کودک را غیرفعال کنید.',
      'عطّل قفل الأطفال أولاً.',
      'Önce çocuk kilidini kapatın.',
    ),
  ),
  refusal(
    'rule.weight_first',
    m(
      'Set the weight first for weight defrost.',
      'برای یخ‌زدایی بر اساس وزن، ابتدا وزن را وارد کنید.',
      'أدخل الوزن أولاً لإذابة الثلج حسب الوزن.',
      'Ağırlığa göre buz çözme için önce ağırlığı girin.',
    ),
  ),
  refusal(
    'rule.no_probe_in_defrost',
    m(
      'The meat probe cannot be used in defrost.',
      'در حالت یخ‌زدایی نمی‌توان از پراب گوشت استفاده کرد.',
      'لا يمكن استخدام مسبار اللحم في وضع إذابة الثلج.',
      'Buz çözmede et probu kullanılamaz.',
    ),
  ),
  refusal(
    'rule.program_first',
    m(
      'Choose a program first.',
      'ابتدا یک برنامه انتخاب کنید.',
      'اختر برنامجًا أولاً.',
      'Önce bir program seçin.',
    ),
  ),
  refusal(
    'rule.device_off',
    m('Turn the device on first.', 'ابتدا دستگاه را روشن کنید.', 'شغّل الجهاز أولاً.', 'Önce cihazı açın.'),
  ),
  refusal(
    'limit.time_cap',
    m(
      'The time exceeds the maximum for this temperature or program.',
      'زمان از حداکثر مجاز برای این دما یا برنامه بیشتر است.',
      'الوقت يتجاوز الحد الأقصى لدرجة الحرارة أو البرنامج هذا.',
      'Süre bu sıcaklık veya program için izin verilen en fazla değeri aşıyor.',
    ),
  ),
  refusal(
    'limit.time_min',
    m(
      'The time is shorter than this program allows.',
      'زمان از حداقل مجاز این برنامه کمتر است.',
      'الوقت أقصر مما يسمح به هذا البرنامج.',
      'Süre bu programın izin verdiğinden kısa.',
    ),
  ),
  refusal(
    'limit.time_zero',
    m(
      'Time must be greater than 0.',
      'زمان باید بیشتر از صفر باشد.',
      'يجب أن يكون الوقت أكبر من 0.',
      "Süre 0'dan büyük olmalıdır.",
    ),
  ),
  refusal(
    'limit.timer_max',
    m(
      'The timer exceeds its maximum.',
      'تایمر از حداکثر مجاز بیشتر است.',
      'المؤقت يتجاوز الحد الأقصى.',
      'Zamanlayıcı en fazla değeri aşıyor.',
    ),
  ),
  refusal(
    'limit.max_elements',
    m(
      'Too many elements are on at once.',
      'تعداد المنت‌های روشن بیش از حد مجاز است.',
      'عدد العناصر المشغّلة في وقت واحد كبير جدًا.',
      'Aynı anda çok fazla ısıtıcı açık.',
    ),
  ),
  refusal(
    'limit.top_bottom_90',
    m(
      'The top and bottom element program is limited to 90 degrees.',
      'برنامه المنت بالا و پایین حداکثر ۹۰ درجه است.',
      'برنامج العنصر العلوي والسفلي محدود بـ 90 درجة.',
      'Alt ve üst ısıtıcı programı en fazla 90 derecedir.',
    ),
  ),
  refusal(
    'limit.microwave_cap',
    m(
      'This value cannot exceed the microwave maximum.',
      'این مقدار نمی‌تواند از حداکثر مایکروویو بیشتر باشد.',
      'لا يمكن أن تتجاوز هذه القيمة الحد الأقصى للميكروويف.',
      'Bu değer mikrodalganın en fazla değerini aşamaz.',
    ),
  ),
  refusal(
    'limit.current_range',
    m(
      'The current limit must be between 50 and 3000.',
      'محدودیت جریان باید بین ۵۰ تا ۳۰۰۰ باشد.',
      'يجب أن يكون حد التيار بين 50 و3000.',
      'Akım sınırı 50 ile 3000 arasında olmalıdır.',
    ),
  ),
  refusal(
    'limit.setpoint_range',
    m(
      'The set temperature must be between 30 and 75.',
      'دمای تنظیمی باید بین ۳۰ تا ۷۵ باشد.',
      'يجب أن تكون درجة الحرارة المضبوطة بين 30 و75.',
      'Ayarlanan sıcaklık 30 ile 75 arasında olmalıdır.',
    ),
  ),
];
