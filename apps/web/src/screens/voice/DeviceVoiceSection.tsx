import MicIcon from 'lucide-react/icons/mic';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../data/errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { localeDigits } from '../../lib/digits.ts';
import { useDeleteDeviceVoiceData, useDeviceVoiceList } from '../../lib/voice/voice-data.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';

/**
 * The device settings' voice section: the caller's voice commands that act on this device
 * (deviceVoiceList) and, for them, deleting the device's voice data after a confirmation that names
 * them (spec: deleteData, after which the device's list is fetched again). Nothing is shown while the device has no voice command.
 */
export function DeviceVoiceSection({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const list = useDeviceVoiceList(deviceId);
  const remove = useDeleteDeviceVoiceData();
  const [confirming, setConfirming] = useState(false);
  const commands = list.data ?? [];
  if (commands.length === 0) return null;
  const names = commands
    .map((c) => `“${localeDigits(c.name, language)}”`)
    .join(t('voice.device.listSeparator'));
  return (
    <Section title={t('voice.device.section')} hint={t('voice.device.deleteHint')}>
      {commands.map((c) => (
        <Row
          key={c.id}
          icon={MicIcon}
          title={localeDigits(c.name, language)}
          subtitle={localeDigits(t('voice.commands.samples', { count: c.samples.length }), language)}
          testId="device-voice-command"
        />
      ))}
      <Row
        icon={Trash2Icon}
        tone="danger"
        title={t('voice.device.delete')}
        disabled={remove.isPending}
        onClick={() => setConfirming(true)}
        testId="device-voice-delete"
      />
      <ConfirmDialog
        open={confirming}
        title={t('voice.device.deleteConfirm')}
        body={localeDigits(t('voice.device.deleteConfirmBody', { count: commands.length, names }), language)}
        confirmLabel={t('voice.device.deleteAction')}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(deviceId, {
            onSuccess: () => toast.success(t('voice.device.deleted')),
            onError: (err) => toast.error(errorText(err, t)),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Section>
  );
}
