/**
 * IR remote presses as automation and scenario actions (docs/decisions/049). A press is the IR
 * blaster's `send` key with `params: {remoteId, button}` (or `{remoteId, state}` for an air
 * conditioner's state remote); the remote module checks it on save and sends it when it runs,
 * through the same send as a tap on the remote.
 */
import { planActions } from '@hestia/automation';
import {
  type Automation,
  REMOTE_PRESS_KEY,
  type RemotePress,
  remotePressOf,
  remotePressSchema,
} from '@hestia/contract';
import { AppError } from '../../core/errors.ts';

/** What the automation module needs of the remote module (RemoteService). */
export interface RemotePresses {
  checkPress(deviceId: string, press: RemotePress, where: string): Promise<void>;
  press(userId: string, deviceId: string, press: RemotePress): Promise<unknown>;
}

type Command = Automation['commands'][number];

/** A command that means to press a remote: the `send` key with a `remoteId` in its params. */
function namesRemote(c: Pick<Command, 'deviceParameterId' | 'params'>): boolean {
  const p = c.params;
  return c.deviceParameterId === REMOTE_PRESS_KEY && p !== null && typeof p === 'object' && 'remoteId' in p;
}

/**
 * Check every remote press among `commands` (each a 400 naming the action and the problem) and
 * answer the commands to store: a press carries no value (null). Two presses on one blaster at the
 * same moment would be merged into one write and one of them lost, so that is refused too.
 */
export async function checkRemotePresses(
  remotes: RemotePresses | undefined,
  body: { commands: Command[]; commandInorderExecution: boolean },
): Promise<Command[]> {
  const commands = body.commands.map((c) => (namesRemote(c) ? { ...c, value: null } : c));
  for (const [i, c] of commands.entries()) {
    if (!namesRemote(c)) continue;
    const where = `Action ${i + 1}`;
    if (!remotes) throw new AppError('VALIDATION', `${where}: IR remote presses cannot be run here.`);
    const parsed = remotePressSchema.safeParse(c.params);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError('VALIDATION', `${where}: params.${issue?.path.join('.')}: ${issue?.message}.`);
    }
    await remotes.checkPress(c.deviceId, parsed.data, where);
  }
  const plan = planActions(commands, body.commandInorderExecution);
  for (const o of plan.overridden) {
    const [a, b] = [commands[o.commandIndex], commands[o.byCommandIndex]];
    if ((a && namesRemote(a)) || (b && namesRemote(b)))
      throw new AppError(
        'VALIDATION',
        `Actions ${o.commandIndex + 1} and ${o.byCommandIndex + 1} press a remote of the same IR blaster at the same moment: give one of them a delay.`,
      );
  }
  return commands;
}

export { remotePressOf };
