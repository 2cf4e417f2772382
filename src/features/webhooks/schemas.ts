import { Type } from 'typebox';
import { Metadata, Nullable } from '../../http/schemas.js';

const Time = Type.String({ format: 'date-time' });
const NullableTime = Nullable(Time);

export const EndpointSchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  livemode: Type.Boolean(),
  url: Type.String(),
  enabled_events: Type.Array(Type.String()),
  api_version: Type.String(),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  disabled_reason: Nullable(Type.Union([Type.Literal('manual'), Type.Literal('failing')])),
  disabled_at: NullableTime,
  last_success_at: NullableTime,
  failing_since: NullableTime,
  consecutive_failures: Type.Integer(),
  description: Nullable(Type.String()),
  metadata: Metadata,
  created_at: Time,
  updated_at: Time,
  secret: Type.Optional(Type.String({ description: '`whsec_` + base64 of 32 random bytes. Returned only by create.' })),
});

export const DeliveryStatus = Type.Union(
  [Type.Literal('pending'), Type.Literal('sending'), Type.Literal('succeeded'), Type.Literal('failed')],
  { description: 'pending (waiting for next_attempt_at), sending (an attempt is in flight), succeeded, failed (attempts exhausted).' },
);

export const DeliverySchema = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_delivery'),
  livemode: Type.Boolean(),
  event: Type.String(),
  event_type: Nullable(Type.String()),
  endpoint: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer(),
  next_attempt_at: NullableTime,
  last_attempt_at: NullableTime,
  last_response_status: Nullable(Type.Integer()),
  last_error: Nullable(Type.String()),
  resent_at: NullableTime,
  recent_attempts: Type.Array(
    Type.Object({
      attempted_at: Time,
      response_status: Nullable(Type.Integer()),
      error: Nullable(Type.String()),
      duration_ms: Type.Integer(),
    }),
  ),
  metadata: Metadata,
  created_at: Time,
});

export const ResendSchema = Type.Object({
  object: Type.Literal('webhook_resend'),
  livemode: Type.Boolean(),
  endpoint: Type.String(),
  since: Time,
  until: Time,
  requeued: Type.Integer(),
  queued: Type.Integer(),
  expedited: Type.Integer(),
  has_more: Type.Boolean(),
  note: Type.Optional(Type.String()),
});
