import LocateFixedIcon from 'lucide-react/icons/locate-fixed';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requestPosition } from '../../data/location.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  ConditionType,
  LOCATION_RADIUS,
  type LocationField,
  type LocationValue,
  locationOf,
} from './condition-meta.ts';
import {
  EditorScreen,
  FormSection,
  focusGroup,
  useConditionEditor,
  useFollowErrors,
} from './EditorParts.tsx';
import { LocationDeniedNotice, LocationSharingSwitch } from './LocationConditionParts.tsx';
import { type LocationForm, locationResolver, locationValueOf } from './sub-forms.ts';

const LIMITS: Record<LocationField, { min: number; max: number }> = {
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
  radius: LOCATION_RADIUS,
};

/** Degrees as typed into a field: six decimals (about 10 cm), Latin digits like any coordinate. */
const degreesField = (v: number) => String(Math.round(v * 1e6) / 1e6);

/**
 * condition-screen for a Location condition (decision 012): a circle (a point and a radius in
 * metres) and whether arriving in it or leaving it runs the automation.
 */
export function LocationCondition() {
  const { t } = useTranslation();
  const editor = useConditionEditor();
  const existing = locationOf(editor.existing);
  // On react-hook-form: the shared location schema, the radius limits and the contract's
  // conditionBodySchema (sub-forms.ts).
  const form = useForm<LocationForm>({
    defaultValues: {
      latitude: existing ? degreesField(existing.latitude) : '',
      longitude: existing ? degreesField(existing.longitude) : '',
      radius: String(existing?.radius ?? LOCATION_RADIUS.initial),
      event: existing?.event ?? 'enter',
    },
    resolver: locationResolver,
  });
  useFollowErrors(form);
  const { errors } = form.formState;
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);

  const errorText = (field: LocationField) => {
    const key = errors[field]?.message;
    return key
      ? t(`automation.${key}` as 'automation.location.errors.latitude', {
          min: formatNumber(LIMITS[field].min, i18n.language, 0),
          max: formatNumber(LIMITS[field].max, i18n.language, 0),
        })
      : null;
  };
  const problemText = (error: 'denied' | 'unavailable' | 'timeout') =>
    // A refusal has its own notice (LocationDeniedNotice); the others say to type the coordinates.
    setLocateError(error === 'denied' ? null : t(`automation.location.errors.${error}`));

  const locateMe = async () => {
    setLocating(true);
    setLocateError(null);
    const result = await requestPosition();
    setLocating(false);
    if ('error' in result) return problemText(result.error);
    form.setValue('latitude', degreesField(result.point.latitude));
    form.setValue('longitude', degreesField(result.point.longitude));
  };

  const submit = form.handleSubmit((values) => {
    const { latitude, longitude, radius, event } = locationValueOf(values);
    editor.save({ conditionType: ConditionType.Location, metadata: { latitude, longitude, radius, event } });
  });

  return (
    <EditorScreen
      kind="condition"
      title={t('automation.location.title')}
      testId="screen-condition-location"
      onSave={() => void submit()}
    >
      <LocationDeniedNotice />
      <FormSection
        title={t('automation.location.place')}
        hint={t('automation.location.coordsHint')}
        className="space-y-4"
      >
        <Button
          variant="secondary"
          className="w-full"
          icon={LocateFixedIcon}
          busy={locating}
          onClick={() => void locateMe()}
          data-testid="location-use-mine"
        >
          {locating ? t('automation.location.locating') : t('automation.location.useMine')}
        </Button>
        {locateError ? (
          <p role="alert" className="px-1 text-[13px] text-danger" data-testid="location-locate-error">
            {locateError}
          </p>
        ) : null}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('automation.location.latitude')}
            {...form.register('latitude')}
            error={errorText('latitude')}
            placeholder="35.6892"
            maxLength={24}
            testId="location-latitude"
          />
          <TextField
            label={t('automation.location.longitude')}
            {...form.register('longitude')}
            error={errorText('longitude')}
            placeholder="51.3890"
            maxLength={24}
            testId="location-longitude"
          />
        </div>
      </FormSection>
      <FormSection
        title={t('automation.location.event')}
        hint={t('automation.location.radiusHint', {
          min: formatNumber(LOCATION_RADIUS.min, i18n.language, 0),
          max: formatNumber(LOCATION_RADIUS.max, i18n.language, 0),
        })}
        className="space-y-5"
      >
        <Controller
          control={form.control}
          name="event"
          render={({ field }) => (
            <div ref={focusGroup(field.ref)}>
              <SegmentedBar<LocationValue['event']>
                label={t('automation.location.event')}
                value={field.value}
                onChange={field.onChange}
                testId="location-event"
                options={[
                  { value: 'enter', label: t('automation.location.enter'), testId: 'location-enter' },
                  { value: 'leave', label: t('automation.location.leave'), testId: 'location-leave' },
                ]}
              />
            </div>
          )}
        />
        <TextField
          label={t('automation.location.radius')}
          {...form.register('radius')}
          error={errorText('radius')}
          maxLength={6}
          testId="location-radius"
        />
      </FormSection>
      <Section hint={t('automation.location.reportHint')}>
        <LocationSharingSwitch onError={problemText} />
      </Section>
    </EditorScreen>
  );
}
