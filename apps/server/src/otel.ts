import { createRequire } from 'node:module';
// types only: erased, so nothing is loaded unless startTracing runs
import type * as FastifyOtel from '@fastify/otel';
import type * as OtlpHttp from '@opentelemetry/exporter-trace-otlp-http';
import type * as HttpInstr from '@opentelemetry/instrumentation-http';
import type * as PgInstr from '@opentelemetry/instrumentation-pg';
import type * as UndiciInstr from '@opentelemetry/instrumentation-undici';
import type * as Sdk from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry traces (docs/decisions/observability.md), started only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise not one OpenTelemetry module is loaded.
 *
 * server.ts imports this file first, so it runs before Fastify, node-postgres and undici are
 * loaded. The SDK is loaded with require, synchronously: an `await import()` here would let the
 * modules imported after this one run first (top-level await does not hold back sibling imports).
 * The SDK and the exporter read the standard variables (OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER,
 * OTEL_EXPORTER_OTLP_HEADERS...); the exporter sends OTLP over HTTP as JSON to
 * <OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces.
 */
function startTracing(): void {
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof Sdk;
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof OtlpHttp;
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof HttpInstr;
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof UndiciInstr;
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof PgInstr;
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof FastifyOtel;

  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'store-server',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation(),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
      // Fastify's own instrumentation: a span per request named by its route pattern; it hooks
      // every Fastify instance as it is created (a diagnostics channel), whatever the load order
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });
  sdk.start();
}

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) startTracing();
