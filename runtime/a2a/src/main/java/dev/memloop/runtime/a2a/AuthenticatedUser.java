package dev.memloop.runtime.a2a;

import io.a2a.server.auth.User;

/** The principal a request's bearer token stands for, as the A2A SDK's call context carries a user. */
record AuthenticatedUser(String name) implements User {

  @Override
  public boolean isAuthenticated() {
    return true;
  }

  @Override
  public String getUsername() {
    return name;
  }
}
