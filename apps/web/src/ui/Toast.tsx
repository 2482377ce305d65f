import { Toaster as Sonner, toast } from 'sonner';

/** Short notes that come and go (sonner): `toast.success(...)`, `toast.error(...)`. */
export { toast };

/** The app's one toast region: top centre, in the app's scheme and reading direction, coloured by kind. */
export function Toaster({ theme, dir }: { theme: 'light' | 'dark'; dir: 'ltr' | 'rtl' }) {
  return <Sonner position="top-center" theme={theme} dir={dir} richColors offset={16} />;
}
