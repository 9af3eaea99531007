/**
 * Agents built on the runtime: the triage agent with its loop guard, the trip planner, and their assembly
 * into fleets.
 */
package dev.memloop.agents;
