package dev.memloop.memory.distill;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.RealVector;

/**
 * Principal component projection, centered and not whitened (model2vec's choice): the rows minus their
 * mean, projected on the leading eigenvectors of their covariance. Sums run in double in a fixed order, and
 * the eigen-decomposition (commons-math) is deterministic, so the same rows give the same bits.
 */
final class Pca {

  private Pca() {}

  /** The rows projected to {@code components} dimensions; at or above the input dimension it only centers. */
  static float[][] project(float[][] rows, int components) {
    int n = rows.length;
    int dim = rows[0].length;
    double[] mean = new double[dim];
    for (float[] row : rows) {
      for (int i = 0; i < dim; i++) {
        mean[i] += row[i];
      }
    }
    for (int i = 0; i < dim; i++) {
      mean[i] /= n;
    }
    double[][] covariance = new double[dim][dim];
    double[] centered = new double[dim];
    for (float[] row : rows) {
      for (int i = 0; i < dim; i++) {
        centered[i] = row[i] - mean[i];
      }
      for (int i = 0; i < dim; i++) {
        double ci = centered[i];
        double[] line = covariance[i];
        for (int j = i; j < dim; j++) { // upper triangle; a loop C2 vectorizes
          line[j] += ci * centered[j];
        }
      }
    }
    for (int i = 0; i < dim; i++) {
      for (int j = i; j < dim; j++) {
        covariance[i][j] /= (n - 1);
        covariance[j][i] = covariance[i][j];
      }
    }
    int k = Math.min(components, dim);
    double[][] basis = leadingEigenvectors(covariance, k);
    float[][] out = new float[n][k];
    for (int r = 0; r < n; r++) {
      float[] row = rows[r];
      for (int i = 0; i < dim; i++) {
        centered[i] = row[i] - mean[i];
      }
      for (int c = 0; c < k; c++) {
        double[] axis = basis[c];
        double dot = 0;
        for (int i = 0; i < dim; i++) {
          dot += centered[i] * axis[i];
        }
        out[r][c] = (float) dot;
      }
    }
    return out;
  }

  /** Eigenvectors of the k largest eigenvalues, largest first, each with its largest component positive. */
  private static double[][] leadingEigenvectors(double[][] symmetric, int k) {
    EigenDecomposition eigen = new EigenDecomposition(new Array2DRowRealMatrix(symmetric, false));
    double[] values = eigen.getRealEigenvalues();
    Integer[] order = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparingDouble((Integer i) -> -values[i]).thenComparingInt(i -> i));
    double[][] basis = new double[k][];
    for (int c = 0; c < k; c++) {
      RealVector v = eigen.getEigenvector(order[c]);
      double[] axis = v.toArray();
      int largest = 0;
      for (int i = 1; i < axis.length; i++) {
        if (Math.abs(axis[i]) > Math.abs(axis[largest])) {
          largest = i;
        }
      }
      if (axis[largest] < 0) { // a fixed sign, so the output does not depend on the solver's choice
        for (int i = 0; i < axis.length; i++) {
          axis[i] = -axis[i];
        }
      }
      basis[c] = axis;
    }
    return basis;
  }
}
