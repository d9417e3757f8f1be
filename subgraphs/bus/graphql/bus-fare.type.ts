import { Field, Float, ID, ObjectType } from 'type-graphql';
import type { FareRuleView } from '../services/bus-fares.calculator';

/** A bus trip's fares between two stops, by vehicle class, with their conversions. */

@ObjectType({ simpleResolvers: true, description: 'Fares by vehicle class and the agent commission, in one currency' })
export class BusFarePrices {
  @Field(() => Float, { description: 'LUXURY class fare' })
  LUXURY!: number;

  @Field(() => Float, { description: 'SEMI_LUXURY class fare' })
  SEMI_LUXURY!: number;

  @Field(() => Float, { description: 'ORDINARY class fare' })
  ORDINARY!: number;

  @Field(() => Float, { description: 'VIP class fare' })
  VIP!: number;

  @Field(() => Float, { description: 'VVIP class fare' })
  VVIP!: number;

  @Field(() => Float, { description: 'Agent commission per ticket' })
  agentCommission!: number;
}

@ObjectType({ simpleResolvers: true, description: 'A fare rule converted: each component converted and rounded on its own' })
export class BusFareCurrency {
  @Field({ description: 'ISO 4217 code of these prices, as currency (REST keys otherCurrencies by it)' })
  code!: string;

  @Field({ description: 'ISO 4217 code of these prices' })
  currency!: string;

  @Field(() => BusFarePrices, { description: 'The fares converted to this currency' })
  prices!: BusFarePrices;
}

@ObjectType({ simpleResolvers: true, description: 'The fares between two stops, by vehicle class' })
export class BusFareRule implements FareRuleView {
  @Field(() => ID, { description: 'Fare rule id' })
  id!: string;

  @Field({ description: 'Stop id the fare starts at' })
  originId!: string;

  @Field({ description: 'Stop id the fare ends at' })
  destinationId!: string;

  @Field({ description: 'City name of the origin' })
  originCity!: string;

  @Field({ description: 'City name of the destination' })
  destinationCity!: string;

  @Field({ description: 'ISO 4217 code the operator set the fares in' })
  baseCurrency!: string;

  @Field(() => BusFarePrices, { description: 'The fares in baseCurrency' })
  prices!: BusFarePrices;

  @Field(() => [BusFareCurrency], { description: 'REST answers these as a map keyed by currency code' })
  otherCurrencies!: BusFareCurrency[];
}
