import type { Automation } from '@hestia/contract';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import HandIcon from 'lucide-react/icons/hand';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import {
  type AutomationKind,
  useAutomationQuery,
  useDeleteAutomation,
  useSaveAutomation,
} from '../../data/automation.ts';
import { useDevicesQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { type AutomationForm, automationBody, automationResolver } from './automation-form.ts';
import { draftKey, useDraftStore } from './draft-store.ts';
import { EditorOptions, StoredWarnings } from './EditorOptions.tsx';
import { CONDITION_ICONS, conditionPath, ItemRow } from './EditorParts.tsx';
import { LocationEditorNotice } from './LocationConditionParts.tsx';
import { usePressedRemotes } from './remote-press.ts';
import { ScenarioSchedules } from './ScenarioSchedules.tsx';
import { commandText, conditionText, delayText, saveErrorText, withDeviceNames } from './text.ts';

/** Spec section 9: at most 10 conditions per automation. */
export const MAX_CONDITIONS = 10;

/** Open the editor on a fresh or a loaded draft (the tab and the picker call this before navigating). */
export function useOpenEditor() {
  const open = useDraftStore((s) => s.open);
  const navigate = useNavigate();
  return (kind: AutomationKind, from?: Automation, replace = false) => {
    open(kind, from);
    void navigate(automationPaths.addOrEdit(kind, from?.id), { replace });
  };
}

/** add-or-edit-automation: name, conditions (all or any), commands (together or in order), notify. */
export default function AutomationEditScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const kind: AutomationKind = search.get('kind') === 'scenario' ? 'scenario' : 'automation';
  const id = search.get('id') ?? undefined;
  const key = useDraftStore((s) => s.key);
  const open = useDraftStore((s) => s.open);
  const loaded = useAutomationQuery(kind, key === draftKey(kind, id) ? undefined : id);

  // A direct visit (or a reload) opens the draft here; coming back from a sub-screen keeps it.
  useEffect(() => {
    if (key === draftKey(kind, id)) return;
    if (!id) open(kind);
    else if (loaded.data) open(kind, loaded.data);
  }, [key, kind, id, loaded.data, open]);

  const title = t(id ? `automation.editor.edit.${kind}` : `automation.editor.new.${kind}`);
  if (key !== draftKey(kind, id))
    return (
      <StackScreen title={title} backTo={automationPaths.tab} testId="screen-add-or-edit-automation">
        {/* The answer opens the draft (the effect above); until then the screen is still loading. */}
        <QueryView query={loaded}>{() => <LoadingBlock />}</QueryView>
      </StackScreen>
    );
  return <Editor kind={kind} title={title} />;
}

function Editor({ kind, title }: { kind: AutomationKind; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft, patch, close } = useDraftStore();
  const devices = useDevicesQuery().data ?? [];
  const remotes = usePressedRemotes(draft.commands);
  const save = useSaveAutomation(kind);
  // Conflicts found when it was last saved (the tab's card points here for the reasons).
  const stored = useAutomationQuery(kind, draft.id);
  const storedWarnings = stored.data?.warnings ?? [];
  const remove = useDeleteAutomation(kind);
  // The form on react-hook-form: the name is its field (kept in the draft too, for the sub-screens),
  // the conditions and commands are checked from the draft; on save, then on every change.
  const resolver = useMemo(() => automationResolver(() => useDraftStore.getState().draft), []);
  const form = useForm<AutomationForm>({
    defaultValues: { name: draft.name, list: null },
    resolver,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const errorKey = (key: string | undefined) =>
    key ? t(`automation.${key}` as 'automation.errors.rejected') : null;
  const nameError = errorKey(errors.name?.message);
  const [refusal, setFormError] = useState<string | null>(null);
  // A refusal of the server (or too many conditions) first, else what the check found in the lists.
  const formError = refusal ?? errorKey(errors.list?.message);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // A refusal shows below the form: bring it into view.
  useEffect(() => {
    if (formError) errorRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [formError]);
  const [pendingCheckType, setPendingCheckType] = useState<number | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [warnings, setWarnings] = useState<string[] | null>(null);

  const leave = () => {
    close();
    void navigate(`${automationPaths.tab}?segment=${kind}`, { replace: true });
  };

  const send = form.handleSubmit(({ name }) =>
    save.mutate(automationBody(useDraftStore.getState().draft, name), {
      onSuccess: (saved) => {
        if (saved.warnings.length > 0) setWarnings(saved.warnings);
        else {
          toast.success(t('automation.editor.saved', { name: saved.name }));
          leave();
        }
      },
      onError: (err) => setFormError(saveErrorText(err, t, devices)),
    }),
  );
  const submit = () => {
    setFormError(null);
    void send();
  };

  const addCondition = () => {
    if (draft.conditions.length >= MAX_CONDITIONS) {
      setFormError(t('automation.errors.tooManyConditions'));
      return;
    }
    void navigate(automationPaths.condition());
  };

  const chooseCheckType = (next: number) => {
    if (next === draft.conditionCheckType) return;
    // Spec section 5: choosing and/or removes the earlier conditions, after confirmation.
    if (draft.conditions.length > 0) setPendingCheckType(next);
    else patch({ conditionCheckType: next });
  };

  return (
    <StackScreen
      title={title}
      backTo={`${automationPaths.tab}?segment=${kind}`}
      testId="screen-add-or-edit-automation"
      action={
        draft.id ? (
          <button
            type="button"
            onClick={() => setConfirmDelete(true)}
            aria-label={t('automation.editor.delete')}
            className="grid size-11 place-items-center rounded-full text-danger hover:bg-danger-soft"
            data-testid="automation-delete"
          >
            <Trash2Icon size={22} />
          </button>
        ) : null
      }
      footer={
        <Button className="w-full" busy={save.isPending} onClick={submit} data-testid="automation-save">
          {t('automation.editor.save')}
        </Button>
      }
    >
      <div className="mb-6">
        <TextField
          maxLength={64}
          label={t('automation.editor.name')}
          {...form.register('name', { onChange: (e) => patch({ name: e.target.value }) })}
          error={nameError}
          placeholder={t(`automation.editor.namePlaceholder.${kind}`)}
          testId="automation-name"
        />
      </div>

      <StoredWarnings warnings={storedWarnings} devices={devices} />

      {kind === 'automation' ? (
        <Section title={t('automation.editor.if')} hint={t('automation.editor.ifHint')}>
          <div className="px-4 py-3">
            <SegmentedBar
              label={t('automation.editor.checkType')}
              value={draft.conditionCheckType}
              onChange={chooseCheckType}
              testId="check-type"
              options={[
                { value: 0, label: t('automation.editor.all'), testId: 'check-all' },
                { value: 1, label: t('automation.editor.any'), testId: 'check-any' },
              ]}
            />
          </div>
          {draft.conditions.map((c, i) => (
            <ItemRow
              // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is who they are.
              key={i}
              icon={CONDITION_ICONS[c.conditionType] ?? HandIcon}
              text={conditionText(c, devices, t)}
              testId="condition-row"
              onOpen={() => {
                const path = conditionPath(c, i, devices);
                if (path) void navigate(path);
              }}
              onRemove={() => patch({ conditions: draft.conditions.filter((_, j) => j !== i) })}
              removeLabel={t('automation.editor.removeCondition')}
            />
          ))}
          <Row
            icon={PlusIcon}
            title={t('automation.editor.addCondition')}
            onClick={addCondition}
            testId="add-condition"
          />
        </Section>
      ) : null}
      {kind === 'automation' ? <LocationEditorNotice conditions={draft.conditions} /> : null}

      <Section title={t('automation.editor.then')}>
        <div className="px-4 py-3">
          <SegmentedBar
            label={t('automation.editor.execution')}
            value={draft.commandInorderExecution ? 1 : 0}
            onChange={(v) => patch({ commandInorderExecution: v === 1 })}
            testId="execution"
            options={[
              { value: 0, label: t('automation.editor.together') },
              { value: 1, label: t('automation.editor.inOrder') },
            ]}
          />
        </div>
        {draft.commands.map((c, i) => (
          <ItemRow
            // biome-ignore lint/suspicious/noArrayIndexKey: commands have no id; their place is who they are.
            key={i}
            icon={PlusIcon}
            index={i + 1}
            text={commandText(c, devices, t, remotes)}
            detail={c.delay > 0 ? t('automation.command.after', { delay: delayText(c.delay, t) }) : undefined}
            testId="command-row"
            onOpen={() =>
              navigate(
                automationPaths.command({
                  id: c.deviceId,
                  deviceProfileId: devices.find((d) => d.id === c.deviceId)?.deviceProfileId ?? '',
                  index: i,
                }),
              )
            }
            onRemove={() => patch({ commands: draft.commands.filter((_, j) => j !== i) })}
            removeLabel={t('automation.editor.removeCommand')}
          />
        ))}
        <Row
          icon={PlusIcon}
          title={t('automation.editor.addCommand')}
          onClick={() => void navigate(automationPaths.actionDevice(kind))}
          testId="add-command"
        />
      </Section>

      {kind === 'scenario' ? (
        draft.id ? (
          <ScenarioSchedules scenarioId={draft.id} name={draft.name || title} />
        ) : (
          <p className="mb-6 px-4 text-[13px] text-muted">{t('automation.scenarioSchedule.saveFirst')}</p>
        )
      ) : null}

      <EditorOptions kind={kind} />

      {formError ? (
        <p
          ref={errorRef}
          role="alert"
          className="flex items-start gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="automation-error"
        >
          <CircleAlertIcon size={20} className="mt-0.5 shrink-0" />
          <span>{formError}</span>
        </p>
      ) : null}

      <ConfirmDialog
        open={pendingCheckType !== null}
        title={t('automation.editor.checkTypeConfirm.title')}
        body={t('automation.editor.checkTypeConfirm.body', {
          n: formatNumber(draft.conditions.length, i18n.language, 0),
        })}
        confirmLabel={t('automation.editor.checkTypeConfirm.confirm')}
        onClose={() => setPendingCheckType(null)}
        onConfirm={() => {
          patch({ conditionCheckType: pendingCheckType ?? 0, conditions: [] });
          setPendingCheckType(null);
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={t('automation.editor.deleteConfirm.title')}
        body={t('automation.editor.deleteConfirm.body', { name: draft.name })}
        confirmLabel={t('automation.editor.delete')}
        busy={remove.isPending}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() =>
          draft.id &&
          remove.mutate(draft.id, {
            onSuccess: () => {
              setConfirmDelete(false);
              leave();
            },
            onError: (err) => {
              setConfirmDelete(false);
              toast.error(errorText(err, t));
            },
          })
        }
      />
      <Dialog
        open={warnings !== null}
        onClose={leave}
        title={t('automation.editor.warningsTitle')}
        testId="automation-warnings"
        actions={<Button onClick={leave}>{t('automation.editor.understood')}</Button>}
      >
        <p className="text-[15px] text-muted">{t('automation.editor.warningsBody')}</p>
        <ul className="mt-3 list-disc space-y-1 ps-5 text-[14px]">
          {(warnings ?? []).map((w) => (
            <li key={w}>
              <bdi>{withDeviceNames(w, devices)}</bdi>
            </li>
          ))}
        </ul>
      </Dialog>
    </StackScreen>
  );
}
