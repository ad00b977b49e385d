/** Shapes of 报警模板 shared by its routes and the evaluation's: items, conditions and priorities to choose. */
import { Type } from 'typebox';

export const PriorityCode = Type.Union([
  Type.Literal('urgent'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
]);
export const LimitMode = Type.Union([Type.Literal('absolute'), Type.Literal('percent')]);

/** The alarm types and priorities with their names: what forms offer and how deviations are worded. */
export const Vocabulary = {
  conditions: Type.Array(
    Type.Object({ code: Type.String(), name: Type.String(), color: Type.String(), enabled: Type.Boolean() }),
  ),
  priorities: Type.Array(Type.Object({ code: PriorityCode, name: Type.String(), color: Type.String() })),
};
