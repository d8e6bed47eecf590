import { injectable } from './inversify';
import { defineGoal, defineParameter, type GoalOptions, type ParameterOptions } from './metadata';

/** Declares a goal class: its name, description and requirements, as in Maven's `@Mojo`. */
export function Goal(options: GoalOptions): ClassDecorator {
  return (target) => {
    defineGoal(target, options);
    injectable()(target as never);
  };
}

/** Declares a goal parameter on a field, as Maven's `@Parameter`. */
export function Parameter(options: ParameterOptions): PropertyDecorator {
  return (prototype, field) => defineParameter(prototype, String(field), options);
}
