/**
 * Types for the parts of `relay-test-utils` 21 the web tests use: the package ships Flow types
 * only, and `@types/relay-test-utils` targets older Relay type packages than the ones Relay 21
 * ships, so the surface is declared here against relay-runtime's own types.
 */
declare module 'relay-test-utils' {
  import type {
    ConcreteRequest,
    Environment,
    EnvironmentConfig,
    GraphQLSingularResponse,
    GraphQLTaggedNode,
    OperationDescriptor,
    Variables,
  } from 'relay-runtime';

  /** Where a mock resolver is called: the field being generated and its arguments. */
  export interface MockResolverContext {
    readonly parentType?: string | null;
    readonly name?: string | null;
    readonly alias?: string | null;
    readonly path?: readonly string[] | null;
    readonly args?: Readonly<Record<string, unknown>> | null;
  }

  /** Answers the values of one GraphQL type (keys are field names); `generateId` counts up from 1. */
  export type MockResolver = (context: MockResolverContext, generateId: () => number) => unknown;

  /** Mock resolvers by GraphQL type name (`User`, `String`, `ID`…). */
  export type MockResolvers = Readonly<Record<string, MockResolver>>;

  type RequestInput = ConcreteRequest | OperationDescriptor;

  /** `environment.mock`: what the test does with the operations components started. */
  export interface MockFunctions {
    clearCache(): void;
    cachePayload(request: RequestInput, variables: Variables, payload: GraphQLSingularResponse): void;
    isLoading(request: RequestInput, variables: Variables, cacheConfig?: Record<string, unknown>): boolean;
    reject(request: RequestInput, error: Error | string): void;
    nextValue(request: RequestInput, payload: GraphQLSingularResponse): void;
    complete(request: RequestInput): void;
    resolve(request: RequestInput, payload: GraphQLSingularResponse | readonly GraphQLSingularResponse[]): void;
    getAllOperations(): readonly OperationDescriptor[];
    findOperation(find: (operation: OperationDescriptor) => boolean): OperationDescriptor;
    queuePendingOperation(query: GraphQLTaggedNode, variables: Variables): void;
    getMostRecentOperation(): OperationDescriptor;
    resolveMostRecentOperation(payload: GraphQLSingularResponse | ((operation: OperationDescriptor) => GraphQLSingularResponse)): void;
    rejectMostRecentOperation(error: Error | ((operation: OperationDescriptor) => Error)): void;
    queueOperationResolver(resolver: (operation: OperationDescriptor) => GraphQLSingularResponse | Error | null | undefined): void;
  }

  /** A Relay environment whose network answers only what the test tells it to. */
  export interface RelayMockEnvironment extends Environment {
    readonly mock: MockFunctions;
    mockClear(): void;
  }

  export function createMockEnvironment(config?: Partial<EnvironmentConfig>): RelayMockEnvironment;

  export const MockPayloadGenerator: {
    /** A response for `operation`: values from `resolvers`, mock values for everything else. */
    generate(operation: OperationDescriptor, resolvers?: MockResolvers | null, options?: { mockClientData?: boolean } | null): GraphQLSingularResponse;
  };
}
