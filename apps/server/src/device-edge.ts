import type { Infrastructure } from './core/infrastructure.ts';
import { attemptStore } from './core/rate-limiter.ts';
import { startEmbeddedBroker } from './gateway/embedded-broker.ts';
import { connectExternalBroker } from './gateway/external-broker.ts';
import { createGateway } from './gateway/gateway.ts';
import type { BrokerTransport } from './gateway/transport.ts';
import { AssetRepository } from './modules/asset/asset.repository.ts';
import { DeviceRepository } from './modules/device/device.repository.ts';
import { PairKeyRepository } from './modules/onboarding/pair-key.repository.ts';
import { ProvisioningRepository } from './modules/provisioning/provisioning.repository.ts';
import { claimLimits, ProvisioningService } from './modules/provisioning/provisioning.service.ts';
import { AttributeRepository } from './modules/telemetry/attribute.repository.ts';
import { AttributeService } from './modules/telemetry/attribute.service.ts';
import { telemetryPipeline } from './modules/telemetry/pipeline.ts';
import { devicesMarkedActive, TelemetryRepository } from './modules/telemetry/telemetry.repository.ts';
import { TelemetryService } from './modules/telemetry/telemetry.service.ts';

/**
 * The device side of the server: the broker (embedded, or an external one's client), the gateway on
 * it, and what the gateway hands devices' messages to: the telemetry pipeline and service,
 * attributes, and provisioning and claims (docs/decisions/016, 019, 020).
 */
export async function startDeviceEdge(
  deps: Infrastructure & {
    /** A claimed device's cached row is dropped (the device module's, made later). */
    forget(deviceId: string): void;
  },
) {
  const { config, db, bus, clock, log, onClose } = deps;
  const telemetry = new TelemetryService({ repo: new TelemetryRepository(db), bus, clock, log });
  onClose(() => telemetry.close());

  const devicesRepo = new DeviceRepository(db);
  let transport: BrokerTransport;
  let mqttUrl: string;
  if (config.mode === 'scaled') {
    transport = await connectExternalBroker(config.MQTT_URL as string, log, {
      ...(config.MQTT_CLIENT_ID ? { clientId: config.MQTT_CLIENT_ID } : {}),
      sessionExpiry: config.MQTT_SESSION_EXPIRY,
      shareGroup: config.MQTT_SHARE_GROUP,
      // The broker's QoS 1 messages are acknowledged once stored (decision 045).
      durable: (now) => telemetry.stored(now),
    });
    mqttUrl = config.MQTT_URL as string;
  } else {
    const broker = await startEmbeddedBroker({
      host: config.HOST,
      port: config.MQTT_PORT,
      deviceByToken: (t) => devicesRepo.byAccessToken(t),
      // QoS 1 telemetry and attributes are acknowledged once stored (decision 040).
      durable: (now) => telemetry.stored(now),
      log,
    });
    transport = broker;
    mqttUrl = `mqtt://127.0.0.1:${broker.port}`;
    // A deleted device or a replaced token is disconnected at once, not when it next reconnects.
    bus.onAccessChanged((deviceId) => broker.recheck(deviceId));
    // The broker just started, so no device is connected, whatever the last run left behind.
    for (const id of await devicesMarkedActive(db))
      telemetry.ingest(id, { active: false, lastDisconnectTime: clock.now() });
  }
  onClose(() => transport.close());
  // Provisioning and claims (docs/decisions/020), ready for the gateway. Wrong claims and operator
  // keys are counted in the database like the other guess limits (decision 017).
  const attempts = attemptStore(db, clock);
  const provisioning = new ProvisioningService({
    devices: devicesRepo,
    provisioning: new ProvisioningRepository(db),
    assets: new AssetRepository(db),
    forget: (id) => deps.forget(id),
    clock,
    log,
    limits: claimLimits(attempts),
    pairKeys: new PairKeyRepository(db),
  });
  const attributes = new AttributeService({ repo: new AttributeRepository(db), bus, transport, clock, log });
  const pipeline = telemetryPipeline({ telemetry, attributes, clock, log });
  const gateway = createGateway({
    transport,
    telemetry,
    pipeline,
    attributes,
    clock,
    log,
    inactivityTimeoutMs: config.DEVICE_INACTIVITY_TIMEOUT * 1000,
    edge: provisioning,
  });
  onClose(() => gateway.close());
  return { mqttUrl, telemetry, attributes, pipeline, gateway, provisioning, attempts };
}
export type DeviceEdge = Awaited<ReturnType<typeof startDeviceEdge>>;
