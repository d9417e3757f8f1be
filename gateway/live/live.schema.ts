import { GraphQLEnumType, GraphQLID, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, printSchema, type GraphQLFieldConfig } from 'graphql';
import type { BookingUpdate, LiveContext, LiveStreams } from './live-stream.service';

/*
 * The schema of /graphql/stream: subscriptions only (Apollo's gateway cannot run them), served over the graphql-sse
 * protocol. The client schema gets the same Subscription type at integration, from liveSchemaSdl().
 */

const TripKindType = new GraphQLEnumType({
  name: 'TripKind',
  values: { FLIGHT: { value: 'FLIGHT' }, TRAIN: { value: 'TRAIN' } },
});

const BookingUpdateType = new GraphQLObjectType<BookingUpdate>({
  name: 'BookingUpdate',
  description: "A booking's status, as it is when a stream starts and after each change.",
  fields: {
    tripId: { type: new GraphQLNonNull(GraphQLID), description: "The trip's global id, as node(id) and Trip.id give it." },
    kind: { type: new GraphQLNonNull(TripKindType) },
    status: { type: new GraphQLNonNull(GraphQLString), description: "The booking's own status after the change (Trip.status), e.g. RESERVED, PAID, ISSUED." },
    eventType: {
      type: GraphQLString,
      description: 'The webhook event that carried the change (e.g. train.issuance.issued); null for the state a stream starts with.',
    },
    occurredAt: {
      type: new GraphQLNonNull(GraphQLString),
      description: 'When the change was recorded (ISO 8601, UTC); for the starting state, when the booking last changed.',
    },
  },
});

function subscription(
  description: string,
  args: GraphQLFieldConfig<BookingUpdate, LiveContext>['args'],
  open: (context: LiveContext, args: Record<string, unknown>) => Promise<AsyncIterable<BookingUpdate>>,
): GraphQLFieldConfig<BookingUpdate, LiveContext> {
  return {
    type: new GraphQLNonNull(BookingUpdateType),
    description,
    args,
    subscribe: (_root: unknown, fieldArgs: Record<string, unknown>, context: LiveContext) => open(context, fieldArgs),
    resolve: (update: BookingUpdate) => update,
  };
}

export function liveSchema(streams: LiveStreams): GraphQLSchema {
  return new GraphQLSchema({
    // graphql-js requires a Query type; the stream answers subscriptions only.
    query: new GraphQLObjectType({
      name: 'Query',
      fields: { liveStreamVersion: { type: new GraphQLNonNull(GraphQLString), description: 'The stream protocol served here.', resolve: () => 'graphql-sse' } },
    }),
    subscription: new GraphQLObjectType<BookingUpdate, LiveContext>({
      name: 'Subscription',
      fields: {
        bookingUpdated: subscription(
          "One booking's status: first its current state, then each change. A trip the caller may not read ends the stream with NOT_FOUND.",
          { id: { type: new GraphQLNonNull(GraphQLID), description: 'The trip global id (Trip.id).' } },
          (context, args) => streams.bookingUpdated(context, String(args.id)),
        ),
        myBookingUpdates: subscription(
          "Every status change of the caller's bookings, from the moment the stream is open (no starting state: read me.trips for it).",
          {},
          (context) => streams.myBookingUpdates(context),
        ),
      },
    }),
  });
}

/** The Subscription part of the schema as SDL, for the client schema and codegen. */
export function liveSchemaSdl(): string {
  const unused = null as unknown as LiveStreams;
  return printSchema(liveSchema(unused));
}
