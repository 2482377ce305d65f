// Vazirmatn, the Persian and Arabic font (styles.css sets it for :lang(fa) and :lang(ar); English and
// Turkish use the system font): its font faces load with those two languages' texts only (index.ts).
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/600.css';
import '@fontsource/vazirmatn/700.css';
